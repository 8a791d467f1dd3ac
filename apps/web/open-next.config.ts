import { defineCloudflareConfig } from "@opennextjs/cloudflare";

// Every page is rendered per request (the language and the viewer differ), so
// there is nothing for an incremental cache to hold: OpenNext's defaults.
export default defineCloudflareConfig({});
