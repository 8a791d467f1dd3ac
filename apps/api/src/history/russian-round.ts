export type RussianRoundRecord = { format: "felt-russian-round/1" };
