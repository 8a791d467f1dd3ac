#!/usr/bin/env python3
"""Felt's fair deal (felt-merkle-v1, docs/fairness.md) checked without Felt's code.

usage: python3 verify.py docs/fairness-vectors.json
Rebuilds every deck, salt, leaf and root of the test vectors from the seeds, and
checks every proof. Python 3 standard library only. Exit 0 when all hold, 1 if not.
"""
import hashlib, hmac, itertools, json, sys

def card_name(card):  # id = rank × 4 + suit; 52 and 53 are the jokers
    return {52: "Jk", 53: "Jr"}.get(card) or "23456789TJQKA"[card // 4] + "cdhs"[card % 4]

def game_cards(deck_type, wild):  # the game's cards by id, before the shuffle
    jokers = {"joker": 1, "bug": 1, "deuces-joker": 1, "two-jokers": 2}.get(wild, 0)
    return list(range(20 if deck_type == "7A" else 0, 52)) + [52, 53][:jokers]

sha = lambda data: hashlib.sha256(data).digest()
mac = lambda key, text: hmac.new(key, text.encode(), hashlib.sha256).digest()

def ints(key, bounds):  # one integer below each bound, from the key's stream
    # block i = SHA-256(key ‖ i as 4 bytes big-endian), read as big-endian 32-bit words
    words = (int.from_bytes(sha(key + i.to_bytes(4, "big"))[w : w + 4], "big")
             for i in itertools.count() for w in range(0, 32, 4))
    # rejection sampling: a word past the last whole multiple of the bound is skipped
    return [next(w for w in words if w < 2**32 - 2**32 % bound) % bound for bound in bounds]

def shuffle(key, cards):  # Fisher–Yates from the back: swap i with j < i + 1, i = n − 1 … 1
    deck, swaps = list(cards), ints(key, range(len(cards), 1, -1))
    for i, j in zip(range(len(deck) - 1, 0, -1), swaps):
        deck[i], deck[j] = deck[j], deck[i]
    return deck, swaps

leaf = lambda pos, card, salt: sha(b"\0" + pos.to_bytes(2, "big") + card.to_bytes(2, "big") + salt)
node = lambda left, right: sha(b"\1" + left + right)

def merkle_root(level):  # a node without a right sibling moves up unchanged
    while len(level) > 1:
        level = [node(*level[i : i + 2]) if i + 1 < len(level) else level[i] for i in range(0, len(level), 2)]
    return level[0].hex()

def root_of_leaf(pos, card, salt, proof, size):
    digest, index, proof = leaf(pos, card, bytes.fromhex(salt)), pos, [bytes.fromhex(p) for p in proof]
    while size > 1:
        if index ^ 1 < size:
            if not proof: return None
            sibling = proof.pop(0)
            digest = node(digest, sibling) if index % 2 == 0 else node(sibling, digest)
        index, size = index >> 1, (size + 1) // 2
    return None if proof else digest.hex()

def dealt_from(d):  # deck positions of each hand's cards (docs/fairness.md, "Where each card lies")
    if d["game"] == "russian":
        m = len(d["boxes"])
        out = {f"box {b}": [r * (m + 1) + i for r in range(5)] for i, b in enumerate(d["boxes"])}
        return out | {"dealer": [r * (m + 1) + m for r in range(5)], "dealer up card": [5 * m + 4]}
    n, h = d["players"], {"holdem": 2, "omaha": 4, "five-card-draw": 5}[d["game"]]
    out, b = {f"p{k + 1}": [r * n + k for r in range(h)] for k in range(n)}, h * n
    if d["game"] == "five-card-draw": return out  # no burns; the stub follows from 5n
    return out | {"burns": [b, b + 4, b + 6], "flop": [b + 1, b + 2, b + 3], "turn": [b + 5], "river": [b + 7]}

def deal(seed, hand, client_seeds, cards):  # the deck and the leaves of a hand (docs/fairness.md)
    key = mac(seed, f"felt/deck/v1|{hand}|{client_seeds}")
    deck, swaps = shuffle(key, cards)
    salts = [mac(seed, f"felt/salt/v1|{hand}|{p}")[:16] for p in range(len(deck))]
    return key, deck, swaps, salts, [leaf(p, card, salt) for p, (card, salt) in enumerate(zip(deck, salts))]

def parse_leaves(text):  # PHH "position:card:salt:proof.proof…;…" → (position, card, salt, proof)
    return [(int(p), int(c), salt, proof.split(".") if proof else [])
            for p, c, salt, proof in (part.split(":") for part in text.split(";") if part)]

def check_deal(d):
    seed, cards, where = bytes.fromhex(d["serverSeed"]), game_cards(d["deckType"], d["wild"]), dealt_from(d)
    key, deck, swaps, salts, leaves = deal(seed, d["hand"], d["clientSeeds"], cards)
    names = lambda ids: " ".join(map(card_name, ids))
    return {"commitment": sha(seed).hex() == d["seedCommitment"], "deck key": key.hex() == d["deckKey"],
            "cards": cards == d["cards"], "swaps": swaps == d["swaps"],
            "deck": deck == d["deck"] and names(deck) == d["deckNames"],
            "salts": [s.hex() for s in salts] == d["salts"], "leaves": [x.hex() for x in leaves] == d["leaves"],
            "root": merkle_root(leaves) == d["root"],
            "dealt": where == {who: w["positions"] for who, w in d["dealt"].items()}
            and all(names(deck[p] for p in ps) == d["dealt"][who]["cards"] for who, ps in where.items())}

def report(results):  # one line per check group; the exit status
    for name, checks in results:
        failed = [check for check, ok in checks.items() if not ok]
        print(f"{'FAIL' if failed else 'ok  '} {name}: {', '.join(failed or checks)}")
    return 1 if any(not ok for _, checks in results for ok in checks.values()) else 0

def main(path):
    v, results = json.load(open(path)), []
    results.append(("card ids", {"names": v["cardNames"] == [card_name(c) for c in range(54)]}))
    s = v["stream"]
    seed = bytes.fromhex(s["seed"])
    results.append(("stream", {"blocks": [sha(seed + i.to_bytes(4, "big")).hex() for i in (0, 1)] == s["blocks"],
                               "ints": ints(seed, s["bounds"]) == s["ints"]}))
    deals = {d["name"]: d for d in v["deals"]}
    for d in v["deals"]: results.append((f"deal {d['name']}", check_deal(d)))
    r = v["reshuffle"]
    d = deals[r["deal"]]
    for x in r["reshuffles"]:
        message = f"felt/reshuffle/v1|{d['hand']}|{x['k']}|{d['clientSeeds']}"
        order = shuffle(mac(bytes.fromhex(d["serverSeed"]), message), r["muck"])[0]
        results.append((f"reshuffle {x['k']} of {d['name']}", {"key": message == x["keyMessage"], "order": order == x["order"]}))
    for p in v["proofs"]:  # a valid leaf must lead to the root, a tampered one must not
        [(pos, card, salt, proof)] = parse_leaves(p["phh"])
        leads = root_of_leaf(pos, card, salt, proof, p["deckSize"]) == deals[p["deal"]]["root"]
        label = "leads to the root" if p["valid"] else "is rejected"
        results.append((f"leaf {p['phh'][:8]}… of {p['deal']}", {label: leads == p["valid"]}))
    return report(results)

if __name__ == "__main__":
    sys.exit(main(sys.argv[1]) if len(sys.argv) == 2 else "usage: python3 verify.py docs/fairness-vectors.json")
