#!/usr/bin/env python3
"""Felt hand histories (PHH) checked against their deal's commitment without Felt's code.

usage: python3 verify_phh.py hand.phh|hands.phhs …   (Python 3.11+, standard library only)
Any copy: every leaf leads to _felt_root, and every card the actions deal has a valid
leaf at the position it was dealt from. The auditor's copy (with _felt_server_seed) also:
the seed matches its commitment, rebuilds the root, and puts every dealt card where the
history says. Exit 0 when every hand passes, 1 if not.
"""
import sys, tomllib
from verify import card_name, deal, game_cards, merkle_root, parse_leaves, report, root_of_leaf, sha

CARD = {card_name(c): c for c in range(54)} | {"JK": 52}
HOLE_CARDS = {"NT": 2, "FT": 2, "PO": 4, "F5D": 5, "P5D": 5, "N5D": 5}

def dealt(h):  # (card, position) of each card the actions deal, "??" left out ("Where each card lies")
    n, holes, draw = len(h["starting_stacks"]), HOLE_CARDS[h["variant"]], h["variant"].endswith("5D")
    board, stub, first, out = iter(holes * n + i for i in (1, 2, 3, 5, 7)), 5 * n, set(), []
    for action in h["actions"]:
        words = action.split("#")[0].split()  # "d dh p3 AcKd", "d db 7dTcAd"; a "# …" line is a comment
        if words[:2] not in (["d", "dh"], ["d", "db"]):
            continue
        cards = [words[-1][i : i + 2] for i in range(0, len(words[-1]), 2)]
        if words[1] == "db":
            positions = [next(board) for _ in cards]
        elif words[2] not in first:  # the first deal, round the table
            first.add(words[2])
            positions = [r * n + int(words[2][1:]) - 1 for r in range(holes)]
        elif draw:  # a draw's replacements, from the stub in order
            positions, stub = list(range(stub, stub + len(cards))), stub + len(cards)
        else:
            continue
        out += [(CARD[card], p) for card, p in zip(cards, positions) if card != "??"]
    return out

def check(h):
    root, size = h["_felt_root"], int(h["_felt_deck_size"])
    cards = game_cards(h.get("_felt_deck", "52"), h.get("_felt_wild", "none"))
    leaves = [x for field, text in h.items() if field.startswith("_felt_leaves") for x in parse_leaves(text)]
    valid = [root_of_leaf(p, card, salt, proof, size) == root for p, card, salt, proof in leaves]
    good = {(card, p) for (p, card, _, _), ok in zip(leaves, valid) if ok}
    seen = [(card, p) for card, p in dealt(h) if p < size]  # past the deck: from a reshuffle, no leaf
    checks = {"scheme": h["_felt_fairness"] == "felt-merkle-v1" and size == len(cards),
              f"{len(leaves)} leaves lead to the root": all(valid),
              f"{len(seen)} cards proven where dealt": all(x in good for x in seen)}
    if "_felt_server_seed" in h:
        seed = bytes.fromhex(h["_felt_server_seed"])
        _, deck, _, _, tree = deal(seed, h["hand"], h["_felt_client_seeds"], cards)
        checks |= {"seed matches its commitment": sha(seed).hex() == h["_felt_seed_commitment"],
                   "seed rebuilds the root": merkle_root(tree) == root,
                   "every card where the deck puts it": all(deck[p] == card for card, p in seen)}
    return checks

def main(paths):
    results = []
    for path in paths:
        with open(path, "rb") as f:
            doc = tomllib.load(f)
        for name, h in ({"": doc} if "variant" in doc else doc).items():  # .phhs: tables [1], [2], …
            results.append((f"{path}{f' [{name}]' if name else ''} hand {h.get('hand')} ({h['variant']})", check(h)))
    return report(results)

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]) if sys.argv[1:] else "usage: python3 verify_phh.py hand.phh|hands.phhs …")
