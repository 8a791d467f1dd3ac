"use client";
import { rootOfLeaf } from "@felt/fairness";
import type { ProofsMessage } from "@felt/protocol";
import { useTranslations } from "next-intl";
import { type ReactNode, useEffect, useRef, useState } from "react";

type Props = {
  /** "Hand #12 deck root": the line's words before the root. */
  label: ReactNode;
  handNumber: number;
  /** The deal's Merkle root as the table publishes it. */
  root: string;
  /** The latest answer to `proofs`. */
  proofs: ProofsMessage | null;
  /** Send `proofs`: the leaves of the cards the viewer sees now. */
  ask: () => void;
};

type Checked = { handNumber: number; proven: number; failed: number };

/**
 * The deal's root and, when the player asks, the check of what he sees
 * (docs/fairness.md): every leaf the table gives him must lead to the root it
 * published for that hand before the first card. The first root seen for a
 * hand is the one checked against, so a root changed later does not pass.
 * The leaves come on request, not with every change, which keeps them off the
 * wire for everyone who never looks.
 */
export function ProofCheck({ label, handNumber, root, proofs, ask }: Props) {
  const t = useTranslations("table");
  const firstRoots = useRef(new Map<number, string>());
  if (!firstRoots.current.has(handNumber)) firstRoots.current.set(handNumber, root);
  const published = firstRoots.current.get(handNumber) as string;
  const [checked, setChecked] = useState<Checked | null>(null);

  useEffect(() => {
    if (!proofs) return;
    const committed = firstRoots.current.get(proofs.handNumber);
    let current = true;
    void Promise.all(proofs.leaves.map((leaf) => rootOfLeaf(leaf, proofs.deckSize))).then(
      (roots) => {
        if (!current) return;
        const proven = roots.filter((r) => r !== null && r === committed).length;
        setChecked({ handNumber: proofs.handNumber, proven, failed: roots.length - proven });
      },
    );
    return () => {
      current = false;
    };
  }, [proofs]);

  const result = checked?.handNumber === handNumber ? checked : null;
  return (
    <p className="fairness muted" data-testid="fairness">
      {label} <code title={published}>{published.slice(0, 16)}…</code>
      {result && (
        <>
          {" · "}
          <span
            data-testid="fairness-check"
            data-status={result.failed > 0 ? "failed" : "verified"}
          >
            {result.failed > 0
              ? t("fairness.failed", { n: result.failed })
              : t("fairness.proven", { n: result.proven })}
          </span>
        </>
      )}{" "}
      <button type="button" className="secondary small" onClick={ask}>
        {t("fairness.check")}
      </button>
    </p>
  );
}
