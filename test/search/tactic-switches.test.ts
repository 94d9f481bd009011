// Each tactic switched on its own: the setting's parsing, the root's choice
// with some tactics off (against the tactic functions, themselves tested
// against Position), and the search with one tactic off on positions where
// that tactic alone decides, judged by Position's own win test.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { Color, type Player, opponent } from '../../src/game/color.js';
import { GameKind } from '../../src/game/geometry.js';
import { Position } from '../../src/game/position.js';
import { createCpuEvaluator } from '../../src/eval/index.js';
import { Mcts, type MoveStat, type SearchSettings, defaultSettings } from '../../src/search/mcts.js';
import { Selection } from '../../src/search/selection.js';
import { deadCells } from '../../src/search/knowledge/dead-cells.js';
import { withoutInferior } from '../../src/search/knowledge/inferior-cells.js';
import { gameConnections } from '../../src/search/knowledge/h-search.js';
import { type QuickSolution, solve, solveWithin } from '../../src/search/knowledge/solver.js';
import { virtualWinner } from '../../src/search/knowledge/virtual-connection.js';
import {
  ALL_TACTICS,
  DEFAULT_TACTICS,
  NO_TACTICS,
  OPT_IN_TACTICS,
  TACTICS,
  type Tactic,
  type TacticKind,
  type TacticSet,
  blockingMoves,
  bridgeAnswers,
  connectingMoves,
  formatTactics,
  mustPlay,
  parseTactics,
  tacticSet,
  tacticalChoice,
  winningCells,
} from '../../src/search/knowledge/tactics.js';
import { lcgRandom, randomCells } from '../helpers/boards.js';
import { spy } from '../helpers/spy-evaluator.js';
import { winsAtOnce } from '../helpers/wins-at-once.js';

const cpu = await createCpuEvaluator();

/** Every subset of TACTICS but `leaf-bridge` and `inferior`, which the root's tactical choice does not read (they would double the subsets twice and change no choice). */
const CHOOSING = TACTICS.filter((t) => t !== 'leaf-bridge' && t !== 'inferior');
const SUBSETS: TacticSet[] = Array.from(
  { length: 1 << CHOOSING.length },
  (_, bits) => new Set(CHOOSING.filter((_, i) => (bits >> i) & 1)),
);

function without(...tactics: Tactic[]): TacticSet {
  return new Set([...DEFAULT_TACTICS].filter((t) => !tactics.includes(t)));
}

const sameSet = (a: TacticSet, b: TacticSet) => a.size === b.size && [...a].every((t) => b.has(t));

describe('the tactics setting', () => {
  test('on is all but the opt-in tactics, which on+… adds; off is none; true and false the same', () => {
    expect(sameSet(parseTactics('on'), DEFAULT_TACTICS)).toBe(true);
    expect(TACTICS.filter((t) => !DEFAULT_TACTICS.has(t))).toEqual(OPT_IN_TACTICS);
    expect(sameSet(parseTactics('on+leaf-bridge+inferior'), ALL_TACTICS)).toBe(true);
    expect(sameSet(parseTactics('on,win'), DEFAULT_TACTICS)).toBe(true);
    expect(formatTactics(ALL_TACTICS)).toBe('on,inferior');
    expect(formatTactics(DEFAULT_TACTICS)).toBe('on');
    expect(parseTactics('off').size).toBe(0);
    expect(tacticSet(true)).toBe(DEFAULT_TACTICS);
    expect(tacticSet(false)).toBe(NO_TACTICS);
    const some = new Set<Tactic>(['win']);
    expect(tacticSet(some)).toBe(some);
  });

  test('any list of tactics joined by , or + parses to its set, and formats back to it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...TACTICS), { minLength: 1, maxLength: 6 }),
        fc.array(fc.constantFrom(',', '+'), { minLength: 6, maxLength: 6 }),
        (names, joins) => {
          const text = names.map((n, i) => (i === 0 ? n : `${joins[i] as string}${n}`)).join('');
          const parsed = parseTactics(text);
          expect(sameSet(parsed, new Set(names))).toBe(true);
          const formatted = formatTactics(parsed);
          expect(sameSet(parseTactics(formatted), parsed)).toBe(true);
          expect(formatted === 'on').toBe(sameSet(parsed, DEFAULT_TACTICS));
        },
      ),
    );
    expect(formatTactics(NO_TACTICS)).toBe('off');
    expect(formatTactics(new Set<Tactic>(['leaf-win', 'win']))).toBe('win,leaf-win');
  });

  test.each(['yes', '', 'win,', 'win+wins', 'win+on', 'on+on', 'off+win', 'WIN'])(
    '"%s" is refused, naming the bad item',
    (text) => {
      expect(() => parseTactics(text)).toThrow(
        /^unknown tactic ".*" in ".*" \(expected on, off, or some of win, block, mustplay, bridge, leaf-win, leaf-vc, h-search, dead, leaf-bridge, inferior joined by , or \+ \(on: all but inferior, which may be added to it\)\)$/,
      );
    },
  );
});

/** Random Hex positions, not over, with a random stone of the opponent as the last move (or none). */
function* randomPositions(
  size: number,
  count: number,
  seed: number,
  emptyShare: number,
): Generator<{ p: Position; last: number | null }> {
  const rng = lcgRandom(seed);
  const g = Position.empty(GameKind.Hex, size).geometry;
  for (let made = 0; made < count;) {
    const toMove: Player = rng() < 0.5 ? Color.Black : Color.White;
    const cells = randomCells(g, emptyShare, rng);
    const p = Position.fromText(GameKind.Hex, size, Array.from(cells, (v) => '.bw'[v]).join(''), toMove);
    if (p.isOver()) continue;
    const theirs = [...cells.keys()].filter((c) => cells[c] === opponent(toMove));
    const last = theirs.length === 0 || rng() < 0.2 ? null : (theirs[Math.floor(rng() * theirs.length)] as number);
    made++;
    yield { p, last };
  }
}

/** What the tactic `kind` itself names for the position (null: nothing to do), with the tactics `enabled`. */
function tacticMoves(kind: TacticKind, p: Position, last: number | null, enabled: TacticSet): readonly number[] | null {
  const g = p.geometry;
  if (kind === 'win') return winningCells(g, p.cells(), p.toMove);
  if (kind === 'connect')
    return [...new Set(gameConnections(g, p.cells(), p.toMove).semis.map((s) => s.key))].sort((a, b) => a - b);
  if (kind === 'block') return blockingMoves(g, p.cells(), p.toMove);
  if (kind === 'mustplay') return mustPlay(g, p.cells(), p.toMove, enabled.has('h-search'));
  return last === null ? [] : bridgeAnswers(g, p.cells(), p.toMove, last);
}

describe('the root choice with some tactics off', () => {
  test('only enabled tactics choose; one chosen with all on is chosen alike when enabled; otherwise a later one names its own moves', () => {
    const seen = new Set<string>();
    for (const { p, last } of randomPositions(7, 300, 17, 0.45)) {
      const g = p.geometry;
      const all = tacticalChoice(g, p.cells(), p.toMove, last);
      const switchOf = (kind: TacticKind): Tactic => (kind === 'connect' ? 'h-search' : kind);
      for (const enabled of SUBSETS) {
        const choice = tacticalChoice(g, p.cells(), p.toMove, last, enabled);
        if (choice === null) continue;
        seen.add(`${choice.kind}:${all?.kind ?? 'none'}`);
        expect(enabled.has(switchOf(choice.kind))).toBe(true);
        expect(choice.moves).toEqual(tacticMoves(choice.kind, p, last, enabled));
        if (all !== null && enabled.has(switchOf(all.kind)) && (all.kind !== 'mustplay' || enabled.has('h-search')))
          expect(choice).toEqual(all);
      }
      expect(tacticalChoice(g, p.cells(), p.toMove, last, NO_TACTICS)).toBeNull();
    }
    // The positions reached every tactic, and the later tactics stood in for switched-off earlier ones.
    for (const pair of [
      'win:win',
      'connect:connect',
      'block:connect',
      'mustplay:connect',
      'block:block',
      'mustplay:mustplay',
      'bridge:bridge',
      'block:win',
      'mustplay:win',
      'mustplay:block',
      'bridge:win',
      'bridge:block',
    ])
      expect(seen).toContain(pair);
  });
});

/**
 * Settings whose search tries every root move once before any twice (plain
 * UCT), the root solver off, and each leaf evaluated on its own board (not
 * the reduced one), so that the evaluated boards are the leaves.
 */
function searchSettings(tactics: TacticSet): SearchSettings {
  return {
    ...defaultSettings('cpu', 5),
    leavesPerRound: 8,
    playoutsPerLeaf: 8,
    selection: Selection.Uct,
    solver: false,
    reducedBoard: false,
    tactics,
  };
}

/** The first random positions on which `decides` holds. */
function positionsWhere(
  count: number,
  seed: number,
  decides: (p: Position, last: number | null) => boolean,
): { p: Position; last: number | null }[] {
  const found: { p: Position; last: number | null }[] = [];
  for (const candidate of randomPositions(6, 4000, seed, 0.5)) {
    if (decides(candidate.p, candidate.last)) found.push(candidate);
    if (found.length === count) break;
  }
  expect(found).toHaveLength(count);
  return found;
}

/**
 * The evaluated leaves two moves below the root `p` (exactly two new
 * stones): the root's move, the position after it, and the reply.
 */
function* twoDeepLeaves(
  p: Position,
  calls: readonly (readonly { readonly cells: ArrayLike<number> }[])[],
): Generator<{ ours: number; child: Position; reply: number }> {
  const root = p.cells();
  for (const leaf of calls.flat()) {
    const added = [...root.keys()].filter((c) => root[c] === Color.Empty && leaf.cells[c] !== Color.Empty);
    if (added.length !== 2) continue;
    const ours = added.find((c) => leaf.cells[c] === p.toMove) as number;
    const child = p.clone();
    child.play(ours);
    yield { ours, child, reply: added.find((c) => c !== ours) as number };
  }
}

/** Checks each root move the search proved against the solver; returns how many there were. */
function expectProofsRight(p: Position, moves: readonly MoveStat[]): number {
  let proven = 0;
  for (const m of moves) {
    if (m.proven === undefined) continue;
    proven++;
    const child = p.clone();
    child.play(m.move);
    // The solver with the greedy connections and their pruning (held equal to the plain one in solver.test.ts), none of the tree's other knowledge.
    const moverWins =
      child.isOver() ||
      !(solveWithin(child, Number.POSITIVE_INFINITY, { connections: true, mustPlay: true }) as QuickSolution).wins;
    expect(m.proven).toBe(moverWins ? 'won' : 'lost');
  }
  return proven;
}

// mustplay stands in for win and block when they are off (its region holds
// the one-move wins and the blocks): their cases switch it off too.
describe('the search with one tactic off', () => {
  test('win: a one-move win is played at once with it, and searched for without it', async () => {
    // The opponent threatens nothing, so that no block stands in for the win.
    const cases = positionsWhere(
      4,
      21,
      (p) => winsAtOnce(p, p.toMove).length > 0 && winsAtOnce(p, opponent(p.toMove)).length === 0,
    );
    for (const { p } of cases) {
      const on = await new Mcts(cpu, searchSettings(DEFAULT_TACTICS)).search(p, { playouts: 512 }, null);
      expect(on.tactic).toBe('win');
      expect(on.playouts).toBe(0);
      expect(winsAtOnce(p, p.toMove)).toContain(on.move);
      const off = await new Mcts(cpu, searchSettings(without('win', 'mustplay', 'h-search'))).search(
        p,
        { playouts: 512 },
        null,
      );
      expect(off.tactic).toBeNull();
      expect(off.playouts).toBeGreaterThan(0);
    }
  });

  /** The empty cells after which the opponent has no one-move win, or that win at once: Position's own judgement. */
  function stops(p: Position): number[] {
    return p.legalMoves().filter((c) => {
      const q = p.clone();
      q.play(c);
      return q.isOver() || winsAtOnce(q, opponent(p.toMove)).length === 0;
    });
  }

  /**
   * With `tactic` on, the root searches only `allowed` moves; with it off
   * (and `alsoOff`, tactics that would stand in for it), given enough
   * playouts to try every move, no tactic fires and some other move is
   * searched too.
   */
  async function expectRestriction(
    tactic: Tactic & TacticKind,
    p: Position,
    last: number | null,
    allowed: readonly number[],
    playoutsOn: number,
    alsoOff: Tactic[] = [],
  ): Promise<void> {
    // Without h-search, whose `connect` would stand in first where the side to move has a semi-connection.
    const on = await new Mcts(cpu, searchSettings(without('h-search'))).search(p, { playouts: playoutsOn }, last);
    expect(on.tactic).toBe(tactic);
    for (const m of on.moves) expect(allowed).toContain(m.move);
    const off = await new Mcts(cpu, searchSettings(without(tactic, 'h-search', ...alsoOff))).search(
      p,
      { playouts: 64 * p.legalMoves().length },
      last,
    );
    expect(off.tactic).toBeNull();
    expect(off.moves.some((m) => !allowed.includes(m.move as number))).toBe(true);
  }

  test('block: with it only the moves that stop the threats are searched, without it others too', async () => {
    const cases = positionsWhere(
      4,
      22,
      (p) =>
        winsAtOnce(p, p.toMove).length === 0 && winsAtOnce(p, opponent(p.toMove)).length > 0 && stops(p).length > 0,
    );
    for (const { p } of cases) await expectRestriction('block', p, null, stops(p), 1024, ['mustplay']);
  });

  test("a forced block comes without a value; searchForced searches past it, and the value it then carries (a proof here: 0 or 1) is the exact solver's verdict", async () => {
    const forced = (p: Position) =>
      winsAtOnce(p, p.toMove).length === 0 && winsAtOnce(p, opponent(p.toMove)).length > 0 && stops(p).length === 1;
    const cases = [...randomPositions(5, 3000, 24, 0.6)].filter(({ p }) => forced(p)).slice(0, 6);
    expect(cases).toHaveLength(6);
    const verdicts = new Set<boolean>();
    for (const { p } of cases) {
      const settings = searchSettings(without('h-search'));
      const quick = await new Mcts(cpu, settings).search(p, { playouts: 4096 }, null);
      expect(quick.tactic).toBe('block');
      expect(quick.move).toBe(stops(p)[0]);
      expect([quick.winRate, quick.playouts, quick.moves.length]).toEqual([null, 0, 0]);
      const searched = await new Mcts(cpu, settings).search(p, { playouts: 16_384, searchForced: true }, null);
      expect(searched.move).toBe(quick.move);
      expect(searched.playouts).toBeGreaterThan(0);
      expect(searched.moves.map((m) => m.move)).toEqual([quick.move]);
      const wins = solve(p).wins;
      verdicts.add(wins);
      expect(searched.moves[0]?.proven, p.toText()).toBe(wins ? 'won' : 'lost');
      expect(searched.winRate, p.toText()).toBe(wins ? 1 : 0);
    }
    expect(verdicts.size, 'cases both won and lost').toBe(2);
  });

  /** The must-play region where it leaves some moves out, or null. */
  const region = (p: Position) => {
    const must = mustPlay(p.geometry, p.cells(), p.toMove);
    return must !== null && must.length > 0 && must.length < p.legalMoves().length ? must : null;
  };

  test('mustplay: with it only the must-play region is searched, without it others too', async () => {
    const quiet = (p: Position) =>
      winsAtOnce(p, p.toMove).length === 0 && winsAtOnce(p, opponent(p.toMove)).length === 0;
    const cases = positionsWhere(4, 27, (p) => quiet(p) && region(p) !== null);
    for (const { p } of cases) await expectRestriction('mustplay', p, null, region(p) as number[], 1024);
  });

  /**
   * The leaves two moves below the root that break the tree's must-play
   * pruning: a reply where the side to move had a joining move (then the
   * node is proven, and nothing below it is evaluated), or a reply outside
   * the must-play region. Read from the evaluator's requests: a leaf with
   * exactly two new stones is the root's move and the reply. Plain UCT,
   * which tries every reply of a node once before any twice. `mostBelowOne`
   * is the most such leaves below one move of a root.
   */
  async function prunedRepliesEvaluated(
    tactics: TacticSet,
    cases: readonly { p: Position }[],
    knowledgeThreshold: number,
  ): Promise<{ twoDeep: number; outside: number; mostBelowOne: number }> {
    let twoDeep = 0;
    let outside = 0;
    let mostBelowOne = 0;
    for (const { p } of cases) {
      const { evaluator, calls } = spy(cpu);
      await new Mcts(evaluator, { ...searchSettings(tactics), knowledgeThreshold }).search(p, { playouts: 8 * 8 * 40 });
      const below = new Map<number, number>();
      for (const { ours, child, reply } of twoDeepLeaves(p, calls)) {
        twoDeep++;
        const g = child.geometry;
        const joining = connectingMoves(g, child.cells(), child.toMove);
        const must = mustPlay(g, child.cells(), child.toMove);
        if (joining === null || joining.length > 0 || (must !== null && !must.includes(reply))) {
          outside++;
          below.set(ours, (below.get(ours) ?? 0) + 1);
          mostBelowOne = Math.max(mostBelowOne, below.get(ours) as number);
        }
      }
    }
    return { twoDeep, outside, mostBelowOne };
  }

  describe('mustplay in the tree', () => {
    const quiet = (p: Position) =>
      winsAtOnce(p, p.toMove).length === 0 && winsAtOnce(p, opponent(p.toMove)).length === 0;
    // Some move of ours must leave the opponent a joining reply, so that both prunings are put to the test.
    const leavesJoining = (p: Position) =>
      p.legalMoves().some((m) => {
        const child = p.clone();
        child.play(m);
        return !child.isOver() && (connectingMoves(child.geometry, child.cells(), child.toMove)?.length ?? 0) > 0;
      });
    const cases = positionsWhere(3, 28, (p) => quiet(p) && leavesJoining(p));

    test('at a knowledge threshold of 1, no reply the pruning rules out is evaluated with it, some are without it', async () => {
      const on = await prunedRepliesEvaluated(without('h-search', 'dead'), cases, 1);
      expect(on.twoDeep).toBeGreaterThan(20);
      expect(on.outside).toBe(0);
      const off = await prunedRepliesEvaluated(without('mustplay', 'h-search'), cases, 1);
      expect(off.outside).toBeGreaterThan(0);
    });

    test('at a threshold of T, a move of the root has at most T − 1 replies evaluated before its node is pruned', async () => {
      // The node of the root's move is pruned as the search goes below it with T leaves counted through it (its own, and T − 1 below).
      const threshold = 3;
      const at = await prunedRepliesEvaluated(without('h-search', 'dead'), cases, threshold);
      expect(at.twoDeep).toBeGreaterThan(20);
      expect(at.mostBelowOne).toBeLessThanOrEqual(threshold - 1);
      expect(at.mostBelowOne).toBeGreaterThan(0);
      const off = await prunedRepliesEvaluated(without('mustplay', 'h-search'), cases, threshold);
      expect(off.mostBelowOne).toBeGreaterThan(threshold - 1);
    });
  });

  test('h-search: with it the root searches only the keys of its semi-connections (each a win: h-search.test.ts), without it others too', async () => {
    const keys = (p: Position) => [
      ...new Set(gameConnections(p.geometry, p.cells(), p.toMove).semis.map((s) => s.key)),
    ];
    // No one-move win for either side (`win` and `block` would restrict first), and keys the greedy connections do not see as joining moves.
    const quiet = (p: Position) =>
      winsAtOnce(p, p.toMove).length === 0 && winsAtOnce(p, opponent(p.toMove)).length === 0;
    const cases = positionsWhere(
      4,
      29,
      (p) => quiet(p) && keys(p).length > 0 && (connectingMoves(p.geometry, p.cells(), p.toMove) ?? []).length === 0,
    );
    for (const { p } of cases) {
      const on = await new Mcts(cpu, searchSettings(DEFAULT_TACTICS)).search(p, { playouts: 1024 }, null);
      expect(on.tactic).toBe('connect');
      // A single key is played without a search.
      const searched = on.moves.length > 0 ? on.moves.map((m) => m.move) : [on.move];
      for (const m of searched) expect(keys(p)).toContain(m);
      // dead's filled board can decide the root too: off as well.
      const off = await new Mcts(cpu, searchSettings(without('h-search', 'mustplay', 'dead'))).search(
        p,
        { playouts: 64 * p.legalMoves().length },
        null,
      );
      expect(off.tactic).not.toBe('connect');
      expect(off.moves.some((m) => !keys(p).includes(m.move as number))).toBe(true);
    }
  });

  test('h-search in the tree: every move the tree proves with it is decided so by the solver (at h-search-width 1 too), and it proves more than without it', async () => {
    // Quiet positions where the root has no semi-connection of the game (the `connect` tactic would leave only its keys).
    const quiet = (p: Position) =>
      winsAtOnce(p, p.toMove).length === 0 && winsAtOnce(p, opponent(p.toMove)).length === 0;
    const cases = positionsWhere(
      4,
      35,
      (p) => quiet(p) && gameConnections(p.geometry, p.cells(), p.toMove).semis.length === 0,
    );
    // Thresholds of 1: every node the tree goes below is H-searched.
    const settings = (tactics: TacticSet): SearchSettings => ({
      ...searchSettings(tactics),
      knowledgeThreshold: 1,
      hSearchThreshold: 1,
    });
    let provenWith = 0;
    let provenWithout = 0;
    let narrowDiffers = 0;
    for (const { p } of cases) {
      const on = await new Mcts(cpu, settings(DEFAULT_TACTICS)).search(p, { playouts: 8 * 8 * 40 });
      provenWith += expectProofsRight(p, on.moves);
      const off = await new Mcts(cpu, settings(without('h-search'))).search(p, { playouts: 8 * 8 * 40 });
      provenWithout += off.moves.filter((m) => m.proven !== undefined).length;
      // h-search-width: a narrower H-search below the root proves soundly too.
      const narrow = await new Mcts(cpu, { ...settings(DEFAULT_TACTICS), hSearchWidth: 1 }).search(p, {
        playouts: 8 * 8 * 40,
      });
      expectProofsRight(p, narrow.moves);
    }
    expect(provenWith).toBeGreaterThan(provenWithout);
    // On Hex 9, where a pair of points has more connections than one, it is another search.
    for (const { p } of randomPositions(9, 3, 91, 0.5)) {
      const search = (hSearchWidth: number) =>
        new Mcts(cpu, { ...settings(DEFAULT_TACTICS), hSearchWidth }).search(p, { playouts: 8 * 8 * 60 });
      if (JSON.stringify((await search(1)).moves) !== JSON.stringify((await search(8)).moves)) narrowDiffers++;
    }
    expect(narrowDiffers).toBeGreaterThan(0);
  });

  test('dead: with it no dead or captured cell is searched at the root or evaluated as a reply, and every move the tree proves is decided so by the solver; without it they are searched', async () => {
    const quiet = (p: Position) =>
      winsAtOnce(p, p.toMove).length === 0 && winsAtOnce(p, opponent(p.toMove)).length === 0;
    // Where captured pairs leave no cell live, the search keeps every move (the filled board is decided): nothing is pruned.
    const prunedOf = (p: Position) => {
      const { dead, captured } = deadCells(p.geometry, p.cells());
      const out = [...dead, ...captured];
      return out.length < p.legalMoves().length ? out : [];
    };
    const cases = positionsWhere(4, 37, (p) => quiet(p) && prunedOf(p).length >= 2);
    const settings = (tactics: TacticSet): SearchSettings => ({ ...searchSettings(tactics), knowledgeThreshold: 1 });
    let replies = 0;
    let proven = 0;
    let prunedSearchedOff = 0;
    for (const { p } of cases) {
      // `dead` alone: with mustplay's region on the filled board the tree mostly proves these roots in a round.
      const { evaluator, calls } = spy(cpu);
      const alone = await new Mcts(evaluator, settings(new Set(['dead']))).search(p, { playouts: 8 * 8 * 40 });
      for (const m of alone.moves) expect(prunedOf(p)).not.toContain(m.move);
      for (const { child, reply } of twoDeepLeaves(p, calls)) {
        replies++;
        expect(prunedOf(child)).not.toContain(reply);
      }
      const all = await new Mcts(cpu, settings(DEFAULT_TACTICS)).search(p, { playouts: 8 * 8 * 40 });
      for (const m of all.moves) expect(prunedOf(p)).not.toContain(m.move);
      proven += expectProofsRight(p, all.moves);
      // mustplay's region, which may leave these cells out too, is off as well.
      const off = await new Mcts(cpu, settings(without('dead', 'mustplay', 'h-search'))).search(p, {
        playouts: 64 * p.legalMoves().length,
      });
      // A search that proves its root early may stop before it reaches them: counted over all cases.
      prunedSearchedOff += off.moves.filter((m) => prunedOf(p).includes(m.move as number)).length;
    }
    expect(replies).toBeGreaterThan(20);
    expect(proven).toBeGreaterThan(0);
    expect(prunedSearchedOff).toBeGreaterThan(0);
  });

  test('inferior: with it no vulnerable or dominated cell is searched at the root or evaluated as a reply, and every move the tree proves is decided so by the solver', async () => {
    const quiet = (p: Position) =>
      winsAtOnce(p, p.toMove).length === 0 && winsAtOnce(p, opponent(p.toMove)).length === 0;
    // The live cells (dead ones filled) that `inferior` drops, on their own; none where it would drop them all.
    const inferiorOf = (p: Position) => {
      const filled = deadCells(p.geometry, p.cells()).filled;
      const live = p.legalMoves().filter((c) => filled[c] === Color.Empty);
      const kept = withoutInferior(p.geometry, filled, live, p.toMove);
      return live.filter((c) => !kept.includes(c));
    };
    const cases = positionsWhere(4, 39, (p) => quiet(p) && inferiorOf(p).length >= 2);
    const settings = (tactics: TacticSet): SearchSettings => ({ ...searchSettings(tactics), knowledgeThreshold: 1 });
    let replies = 0;
    let proven = 0;
    for (const { p } of cases) {
      // With `dead` and `inferior` alone the moves kept are the live cells less the inferior ones.
      const { evaluator, calls } = spy(cpu);
      const alone = await new Mcts(evaluator, settings(new Set(['dead', 'inferior']))).search(p, {
        playouts: 8 * 8 * 40,
      });
      for (const m of alone.moves) expect(inferiorOf(p)).not.toContain(m.move);
      for (const { child, reply } of twoDeepLeaves(p, calls)) {
        replies++;
        expect(inferiorOf(child)).not.toContain(reply);
      }
      const all = await new Mcts(cpu, settings(parseTactics('on+inferior'))).search(p, { playouts: 8 * 8 * 40 });
      proven += expectProofsRight(p, all.moves);
      // Without it, some of them are searched at the root.
      const off = await new Mcts(cpu, settings(new Set(['dead']))).search(p, { playouts: 64 * p.legalMoves().length });
      expect(off.moves.some((m) => inferiorOf(p).includes(m.move as number))).toBe(true);
    }
    expect(replies).toBeGreaterThan(20);
    expect(proven).toBeGreaterThan(0);
  });

  test('bridge: with it an intrusion restricts the root to the answers, without it not', async () => {
    const quiet = (p: Position) =>
      winsAtOnce(p, p.toMove).length === 0 && winsAtOnce(p, opponent(p.toMove)).length === 0;
    const cases = positionsWhere(
      4,
      23,
      (p, last) =>
        last !== null &&
        quiet(p) &&
        mustPlay(p.geometry, p.cells(), p.toMove) === null &&
        bridgeAnswers(p.geometry, p.cells(), p.toMove, last).length > 0,
    );
    for (const { p, last } of cases)
      await expectRestriction('bridge', p, last, bridgeAnswers(p.geometry, p.cells(), p.toMove, last as number), 512);
  });

  test('bridge: a root move the tree has proven won survives a later bridge restriction', async () => {
    // Late positions where some move wins but no answer to the intrusion does
    // (the solver's verdict), searched twice on one tree: first with no last
    // move, until the tree proves the root; then told of the intrusion, which
    // restricts the reused root to the answers. The proof must win.
    const cases = positionsWhere(2, 31, (p, last) => {
      if (
        last === null ||
        winsAtOnce(p, p.toMove).length > 0 ||
        winsAtOnce(p, opponent(p.toMove)).length > 0 ||
        p.legalMoves().length > 10
      )
        return false;
      const answers = bridgeAnswers(p.geometry, p.cells(), p.toMove, last);
      const wins = solve(p).winningMoves;
      return answers.length > 0 && wins.length > 0 && wins.every((w) => !answers.includes(w as number));
    });
    for (const { p, last } of cases) {
      const m = new Mcts(cpu, { ...searchSettings(DEFAULT_TACTICS), selection: Selection.PuctAmaf });
      const budget = 200_000;
      const free = await m.search(p, { playouts: budget }, null);
      expect(free.playouts).toBeLessThan(budget); // the proof ended it
      expect(solve(p).winningMoves).toContain(free.move);
      const told = await m.search(p, { playouts: 2048 }, last);
      expect(told.move).toBe(free.move);
    }
  });

  /**
   * For a leaf tactic: quiet positions (no one-move win for either side),
   * searched with every tactic and then without `tactic` (and `alsoOff`);
   * no leaf the tactic proves (`proves`) may reach the evaluator with it,
   * and some must without it (so the positions test something).
   */
  async function expectLeavesProven(
    tactic: Tactic,
    seed: number,
    proves: (leaf: Position) => boolean,
    alsoOff: Tactic[] = [],
  ): Promise<void> {
    const cases = positionsWhere(
      3,
      seed,
      (p) => winsAtOnce(p, p.toMove).length === 0 && winsAtOnce(p, opponent(p.toMove)).length === 0,
    );
    const evaluated = async (tactics: TacticSet) => {
      const leaves: Position[] = [];
      for (const { p, last } of cases) {
        const { evaluator, calls } = spy(cpu);
        await new Mcts(evaluator, {
          ...defaultSettings('cpu', 6),
          leavesPerRound: 8,
          playoutsPerLeaf: 8,
          solver: false,
          // The evaluated boards are read back as the leaves.
          reducedBoard: false,
          tactics,
        }).search(p, { playouts: 8 * 8 * 30 }, last);
        leaves.push(
          ...calls
            .flat()
            .map((r) =>
              Position.fromText(
                GameKind.Hex,
                p.geometry.size,
                Array.from(r.cells, (v) => '.bw'[v]).join(''),
                r.toMove as Player,
              ),
            ),
        );
      }
      return leaves;
    };
    const on = await evaluated(DEFAULT_TACTICS);
    expect(on.length).toBeGreaterThan(0);
    expect(on.filter(proves)).toEqual([]);
    const off = await evaluated(without(tactic, ...alsoOff));
    expect(off.filter(proves).length).toBeGreaterThan(0);
  }

  test('leaf-win: with it no leaf whose side to move wins at once is evaluated, without it some are', async () => {
    // Without mustplay too, which never lets a node's mover leave a one-move win standing, nor h-search, which plays the root's keys.
    await expectLeavesProven('leaf-win', 24, (q) => winsAtOnce(q, q.toMove).length > 0, ['mustplay', 'h-search']);
  });

  test('leaf-vc: with it no leaf that either side has joined by virtual connections is evaluated, without it some are', async () => {
    await expectLeavesProven('leaf-vc', 26, (q) => virtualWinner(q.geometry, q.cells(), q.toMove) !== null);
  });

  test('without win, a root that the last search left as a leaf proven by leaf-win is searched for a move', async () => {
    // Such a leaf has no children; before it was searched as a root, the search ended with no move.
    // Without leaf-vc and mustplay too, which would prove most of these leaves' parents first (so they are never made).
    const settings = {
      ...defaultSettings('cpu', 7),
      leavesPerRound: 8,
      playoutsPerLeaf: 8,
      solver: false,
      tactics: without('win', 'leaf-vc', 'mustplay'),
    };
    const quiet = (p: Position) =>
      winsAtOnce(p, p.toMove).length === 0 && winsAtOnce(p, opponent(p.toMove)).length === 0;
    let reusedProofs = 0;
    for (const { p } of positionsWhere(3, 25, quiet)) {
      const ours = (await new Mcts(cpu, settings).search(p, { playouts: 8 * 8 * 20 })).move;
      const afterOurs = p.clone();
      afterOurs.play(ours);
      for (const reply of afterOurs.legalMoves()) {
        const q = afterOurs.clone();
        q.play(reply);
        if (q.isOver() || winsAtOnce(q, q.toMove).length === 0) continue;
        const search = new Mcts(cpu, settings);
        await search.search(p, { playouts: 8 * 8 * 20 });
        const result = await search.search(q, { playouts: 8 * 8 * 4 }, reply as number);
        // Reused playouts here are a proven leaf's: leaf-win proves such a node at its first visit, and a proven node is never expanded.
        if (result.reusedPlayouts > 0) reusedProofs++;
        expect(q.legalMoves()).toContain(result.move);
      }
    }
    expect(reusedProofs).toBeGreaterThan(0);
  });
});
