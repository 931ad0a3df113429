#!/usr/bin/env python3
"""Writes the report's sample logs (tests/data/report/*.jsonl) in the game-log format of
records/game_log.hpp. Expected values come from outside the project:
  - othello-match.jsonl: engines A and B play 343 unpaired games with A scoring W=136 D=111 L=96
    (worked-examples.md T1: Elo 40.70 +- 30.43); C and B play 290 complete pairs with C's pair
    counts LL=34 LD=54 WL=31 DD=32 WD=64 WW=75 (P1: Elo 55.58 +- 27.65). Game 0 is the WTHOR game
    "British Nationals - 2000" (28-36 discs, shared/data/othello/wthor).
  - blokus-gpcc.jsonl: the GPCC 2007 round-1 game (53-46 squares placed), twice, colours swapped.
  - torn.jsonl: blokus-gpcc.jsonl with a torn last line; unknown-game.jsonl: a game named "chess".
  - loop-run/: a two-round loop run folder laid out as `arena loop` leaves it (loop/loop.hpp,
    report/inputs.hpp): summary.json, start.cfg, round-N/{train.jsonl, match.jsonl,
    candidate.cfg}; its games are real WTHOR games (2000-2024 file, ones needing no pass) with
    their recorded results, the engines that play them assigned here; the candidates, losses and
    match figures are arena's own (`arena tune`, `arena analyze`, see loop()); only the seconds
    are made up.
Run from this folder with a built binary: ARENA=../../../build/ci/arena python3 make_fixtures.py"""
import json

WTHOR = ("f5f6e6f4g5d6e7g4f3h5e3d3h3h4h6d7c4g6c3g2g3f2e2c5d2d1b6b5h1h2e1c1c2f7a6a5a4b4g1b3a3b2"
         "c8d8c7c6a1b8e8g8a8f8h8f1b1a2g7a7b7h7")
GPCC = ("65u0 AAu0 88l2 A7s0 7Bj0 8Co0 83t1 A3j0 48q0 BCr2 43f3 D9t1 26o4 D6m5 29r3 EDl0 41a0 E2q3 "
        "71b2 89a0 5Dp0 ---- 12d0 ---- 1Cc0").split()
SHORT = ["f5", "d6", "c3", "d3", "c4"]


def fnv1a64(text):
    h = 0xcbf29ce484222325
    for b in text.encode():
        h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % h


def engine(name, game, config=None):
    config = config or "name = %s\ngame = %s\n[search]\ndepth = 2\n" % (name, game)
    return {"name": name, "hash": fnv1a64(config), "config": config, "path": name + ".cfg"}


def run(game, names, sprt="", games=0, configs=None):
    configs = configs or {}
    return {"type": "run", "format_version": 1, "game": game, "rules": "",
            "engines": [engine(n, game, configs.get(n)) for n in names], "seed": 1,
            "limits": {"depth": 0, "nodes": 0, "movetime": 0, "tc": ""}, "openings": "random:4",
            "opening_order": "sequential", "format": "round-robin", "games": games,
            "shard": {"index": 0, "count": 1}, "sprt": sprt, "temperature": 0,
            "temperature_plies": 0, "record_evals": False,
            "command_line": ["arena", "selfplay", "--games", str(games)], "arena_version": "0.1.0",
            "arena_revision": "fixture", "start_time": "2026-11-29T12:00:00Z"}


def game(gid, first, second, moves, score, opening=0, evals=None, termination="normal"):
    g = {"type": "game", "id": gid, "pair": gid // 2, "opening": moves[:opening],
         "first": first, "second": second, "moves": moves[opening:], "score": score,
         "result": "1-0" if score > 0 else "0-1" if score < 0 else "1/2-1/2",
         "termination": termination, "reason": ""}
    if moves is SHORT:  # not played out: its result is assigned, as an adjudication would be
        g["termination"] = "adjudicated"
    if g["termination"] == "adjudicated":
        g["reason"] = "fixture: the game stops before its end; the recorded result is kept"
    if evals is not None:
        g["evals"] = evals
    g["ms"] = 1.0
    g["seed"] = gid
    return g


def write(path, lines, torn=None):
    with open(path, "w") as f:
        for line in lines:
            f.write(json.dumps(line, separators=(",", ":")) + "\n")
        if torn:
            f.write(torn)


def othello():
    lines = [run("othello", ["A", "C", "B"], "elo0=0,elo1=10,alpha=0.05,beta=0.05", 1280)]
    wthor = [WTHOR[i:i + 2] for i in range(0, len(WTHOR), 2)]
    # A vs B: one game per pair (even ids), colours alternating; A's view W=136 D=111 L=96.
    results = ["L"] + ["W"] * 136 + ["D"] * 111 + ["L"] * 95
    for k, r in enumerate(results):
        a_first = k % 2 == 0
        a_points = {"W": 1, "D": 0, "L": -1}[r]
        if k == 0:
            lines.append(game(0, "A", "B", wthor, 28 - 36, opening=2))
            continue
        score = 2 * a_points * (1 if a_first else -1)
        first, second = ("A", "B") if a_first else ("B", "A")
        lines.append(game(2 * k, first, second, SHORT, score, opening=2))
    # C vs B: complete pairs, C first in the pair's first game.
    outcomes = [("L", "L")] * 34 + [("L", "D")] * 54 + [("W", "L")] * 31 + [("D", "D")] * 32 + \
               [("W", "D")] * 64 + [("W", "W")] * 75
    base = 700
    for k, (g1, g2) in enumerate(outcomes):
        pts = {"W": 1, "D": 0, "L": -1}
        evals = [{"score": 150, "depth": 2, "nodes": 40, "ms": 0.1},
                 {"score": -120, "depth": 2, "nodes": 35, "ms": 0.1},
                 {"score": 210, "depth": 2, "nodes": 51, "ms": 0.1}]
        lines.append(game(base + 2 * k, "C", "B", SHORT, 4 * pts[g1], 2, evals))
        lines.append(game(base + 2 * k + 1, "B", "C", SHORT, -4 * pts[g2], 2, evals))
    write("othello-match.jsonl", lines)


def blokus():
    lines = [run("blokus-duo", ["X", "Y"], "", 2),
             game(0, "X", "Y", GPCC, 43 - 36, termination="adjudicated"),
             game(1, "Y", "X", GPCC, 43 - 36, termination="adjudicated")]
    write("blokus-gpcc.jsonl", lines)
    text = json.dumps(game(2, "X", "Y", GPCC, 7, termination="adjudicated"), separators=(",", ":"))
    write("torn.jsonl", lines, torn=text[:60])
    chess = run("chess", ["X", "Y"], "", 1)
    write("unknown-game.jsonl", [chess, game(0, "X", "Y", ["e4", "e5"], 1)])


# The classic set's square classes (engine/othello/features.cpp), a1 c1 ... d4 in this order.
SQUARES = ["sq_corner", "sq_c", "sq_a", "sq_b", "sq_x", "sq_ring_c", "sq_ring_d", "sq_centre_c",
           "sq_centre_d", "sq_centre"]


def phases(early, late):
    """Six phase values (empties 60-51 ... 10-0) from the first and the last."""
    return [round(early + (late - early) * k / 5) for k in range(6)]


def config(name, square_weights, mobility):
    lines = ["name = %s" % name, "game = othello", "[search]", "depth = 2", "[eval]",
             "features = classic", "[weights]"]
    lines += ["%s = %s" % (sq, " ".join(str(v) for v in phases(*w))) for sq, w in zip(SQUARES, square_weights)]
    lines.append("mobility = %s" % " ".join(str(v) for v in phases(*mobility)))
    return "\n".join(lines) + "\n"


def replays_without_pass(moves):
    """Whether the transcript is legal with the sides strictly alternating (logs write passes
    explicitly, WTHOR leaves them out: games that need one are not taken)."""
    board = {(3, 3): 1, (4, 4): 1, (3, 4): 0, (4, 3): 0}  # (col, row) -> 0 black, 1 white
    side = 0
    for m in moves:
        c, r = ord(m[0]) - 97, int(m[1]) - 1
        if (c, r) in board:
            return False
        flips = []
        for dc in (-1, 0, 1):
            for dr in (-1, 0, 1):
                if dc == dr == 0:
                    continue
                run, x, y = [], c + dc, r + dr
                while board.get((x, y)) == 1 - side:
                    run.append((x, y))
                    x, y = x + dc, y + dr
                if run and board.get((x, y)) == side:
                    flips += run
        if not flips:
            return False
        for sq in flips + [(c, r)]:
            board[sq] = side
        side = 1 - side
    return True


def arena(*args):
    """Runs the arena binary ($ARENA, else `arena` on PATH) and returns its --json document."""
    import os
    import subprocess
    out = subprocess.run([os.environ.get("ARENA", "arena"), *args, "--json"], check=True,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout
    return json.loads(out)


# The fits of the fixture's loop: [tune] of configs/othello/loop-quick.cfg, but every position
# after the opening (the games are few).
TUNE = ["--method", "ridge", "--label", "search", "--holdout", "0.1", "--lambda", "0.0001",
        "--skip-plies", "4", "--seed", "1"]


def loop():
    """The loop-run folder as `arena loop` would leave it after two rounds, each step done with
    arena's own commands on the fixture's logs: a round's candidate is `arena tune` of all
    training logs so far from the round's best config (its losses and positions are the fit's),
    the match figures are `arena analyze` of the match log, and a candidate is kept only when
    the SPRT accepts H1 (loop/loop.cpp); with no candidate kept there is no final match."""
    import os
    tsv = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                       "../../../data/othello/wthor/wthor-2000-2024.tsv")
    real = []
    for line in open(tsv):
        if line.startswith("#"):
            continue
        _, discs, moves = line.rstrip("\n").split("\t")
        b, w = map(int, discs.split("-"))
        if len(moves) == 120 and b + w == 64 and replays_without_pass(
                [moves[i:i + 2] for i in range(0, 120, 2)]):
            real.append(([moves[i:i + 2] for i in range(0, 120, 2)], b - w))
        if len(real) == 48:
            break
    start = [[800, 500], [-300, 0], [100, 0], [50, 0], [-700, 0], [-100, 0], [-50, 0], [0, 0], [0, 0], [0, 0]]
    os.makedirs("loop-run/round-1", exist_ok=True)
    os.makedirs("loop-run/round-2", exist_ok=True)
    open("loop-run/start.cfg", "w").write(config("classic", start, [150, 50]))
    os.chdir("loop-run")
    cfgs = {"classic": open("start.cfg").read()}
    paths = {"classic": "start.cfg"}
    best = "classic"
    rounds = []
    for rnd, chunk in [(1, real[:24]), (2, real[24:])]:
        train = [run("othello", [best], "", 8, cfgs)]
        for i, (moves, score) in enumerate(chunk[:8]):
            evals = [None] * 4 + [{"score": (score * 100 * (1 if k % 2 == 0 else -1) * (k + 4)) // 64,
                                   "depth": 2, "nodes": 100 + k, "ms": 0.2} for k in range(4, 60)]
            train.append(game(i, best, best, moves, score, 4, evals[4:]))
        write("round-%d/train.jsonl" % rnd, train)
        cand = "round-%d" % rnd
        paths[cand] = "round-%d/candidate.cfg" % rnd
        logs = []
        for k in range(1, rnd + 1):
            logs += ["--games", "round-%d/train.jsonl" % k]
        fit = arena("tune", *logs, "--init", paths[best], "--out", paths[cand], "--name", cand, *TUNE)
        cfgs[cand] = open(paths[cand]).read()
        sprt = "elo0=0,elo1=20,alpha=0.05,beta=0.05"
        match = [run("othello", [cand, best], sprt, 16, cfgs)]
        for i, (moves, score) in enumerate(chunk[8:]):
            first, second = (cand, best) if i % 2 == 0 else (best, cand)
            match.append(game(i, first, second, moves, score, 4))
        write("round-%d/match.jsonl" % rnd, match)
        pair = arena("analyze", "round-%d/match.jsonl" % rnd)["pairs"][0]
        state = pair["sprt"]["state"]  # H1, H0 or continue, as the loop records it
        accepted = state == "H1"
        if accepted:
            best = cand
        rounds.append({
            "round": rnd, "games": len(train) - 1, "positions": fit["train_positions"],
            "losses": {"train_before": fit["train_loss_before"], "train_after": fit["train_loss_after"],
                       "holdout_before": fit["holdout_loss_before"],
                       "holdout_after": fit["holdout_loss_after"], "loss": fit["loss"]},
            "match_games": pair["games"],
            "wdl": {"wins": pair["wins"], "draws": pair["draws"], "losses": pair["losses"]},
            "elo": pair["elo"], "elo_ci95": pair["elo_interval"], "pair": pair, "llr": pair["llr"],
            "sprt": state, "accepted": accepted, "candidate_config": paths[cand],
            "best_config": paths[best], "seconds": 1.0})
    if best != "classic":
        raise SystemExit("a candidate was accepted: the fixture has no final match to play")
    summary = {"game": "othello", "run_dir": "loop-run", "start_config": "start.cfg",
               "best_config": paths[best], "rounds": rounds, "best_vs_start": None, "seconds": 2.0}
    open("summary.json", "w").write(json.dumps(summary, indent=2) + "\n")
    os.chdir("..")


othello()
blokus()
loop()
