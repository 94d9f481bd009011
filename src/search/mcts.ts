/**
 * Batched Monte Carlo tree search on the evaluator API alone (no Node-only
 * API, so it runs in a browser Worker too). Each round descends B times,
 * counting every descent's K playouts as lost along its path at once
 * (virtual loss) so that later descents of the round pick other leaves; the
 * leaves are then evaluated in ONE `evaluate` call of K playouts each, and
 * the real wins are added on the way back up, while the next round's
 * leaves are already being chosen. The parts live in tree/: the nodes, the
 * settings, the selection rules, the back-up and proofs, the pruning, the
 * rounds in flight and subtree reuse; the knowledge they apply in knowledge/.
 */
import { opponent } from '../game/color.js';
import type { CellIndex } from '../game/geometry.js';
import { type Move, Position, SWAP } from '../game/position.js';
import type { Evaluator } from '../eval/types.js';
import { deadCells, reducedAfter, reducedBoard } from './knowledge/dead-cells.js';
import { nearCells } from './knowledge/proximity.js';
import { splitBridges } from './knowledge/leaf-bridges.js';
import { solveWithin } from './knowledge/solver.js';
import { opensUnderSwap, swapFromReplies, swapsInner, onOuterRing } from './knowledge/swap-rule.js';
import { openUnderSwap } from './tree/swap-opening.js';
import { type TacticalChoice, tacticalChoice } from './knowledge/tactics.js';
import { backup, takeBackVirtualLosses } from './tree/backup.js';
import { type TreeContext, treeContext } from './tree/context.js';
import { Node, rootMoves } from './tree/node.js';
import { applyFinding, forgetFinding, prepareMoves, prove, restrictRoot, rootTactics } from './tree/prune.js';
import { randomStream } from './tree/random.js';
import { arenaCopy } from './arena.js';
import {
  PLAYOUTS_WITHOUT_LIMITS,
  type SearchLimits,
  type SearchResult,
  decidedResult,
  moveValue,
} from './tree/result.js';
import { SHIPPED_SWAP_TABLE, openingStone, swapByTable } from './knowledge/swap-table.js';
import { findReusable } from './tree/reuse.js';
import { leaderSettled, playoutsLeft } from './tree/early-stop.js';
import { type Leaf, type RoundInFlight, finishRound, startRound } from './tree/rounds.js';
import {
  MOVE_PRIOR,
  REDUCED_BOARD,
  ROOT_SOLVER_MAX_EMPTY,
  SWAP_MOVE_PRIOR,
  REPLY_SEARCH,
  SWAP_MARGIN,
  swapInnerRows,
  SWAP_EDGE,
  SWAP_TABLE,
  STOP_EARLY,
  LEAF_BRIDGE_FROM,
  type SearchSettings,
  defaultRoundsInFlight,
  solverBudget,
} from './tree/settings.js';
import { select } from './tree/select.js';

export * from './tree/result.js';
export * from './tree/settings.js';

/** The batched Monte Carlo tree search: each round picks B leaves, evaluates them in one call of K playouts each, and backs the wins up; the tree is kept between moves. */
export class Mcts {
  private root: Node | null = null;
  /** The Position every descent walks on, reset to the root each time. */
  private walker: Position | null = null;
  private rootPosition: Position | null = null;
  private readonly context: TreeContext;
  /** With `leaf-bridge`: the draws that split the leaves' bridges (a stream of their own, so the expansion order is the same without them). */
  private readonly bridgeDraws: (() => number) | null;
  /** With `leaf-bridge`: the smallest board size whose leaves are split (SearchSettings.leafBridgeFrom). */
  private readonly leafBridgeFrom: number;
  private round = 0;
  /** Where the swap decisions take another prior power (SearchSettings.swapMovePrior): the search of a position where a swap may answer. */
  private swapDecision: Mcts | null = null;
  /** The settings of the searches that decide a swap: these, with the move prior at its swap power. */
  private readonly swapSettings: SearchSettings;

  constructor(
    private readonly evaluator: Evaluator,
    private readonly settings: SearchSettings,
  ) {
    this.context = treeContext(settings);
    const swapPower = settings.swapMovePrior ?? SWAP_MOVE_PRIOR;
    this.swapSettings =
      swapPower === (settings.movePrior ?? MOVE_PRIOR) ? settings : { ...settings, movePrior: swapPower };
    this.bridgeDraws = this.context.tactics.has('leaf-bridge') ? randomStream(settings.seed ^ 0x2545f491) : null;
    this.leafBridgeFrom = settings.leafBridgeFrom ?? LEAF_BRIDGE_FROM;
  }

  /** Forget the tree (a new game). */
  clear(): void {
    this.root = null;
    this.rootPosition = null;
  }

  /** Searches `position` (not changed) and names the move to play. */
  async search(position: Position, limits: SearchLimits, lastMove: CellIndex | null = null): Promise<SearchResult> {
    if (position.isOver()) throw new Error('the game is over');
    const start = performance.now();
    if (opensUnderSwap(position)) return this.openUnderSwap(position, limits);
    if (position.canSwap() && this.swapSettings !== this.settings) {
      this.clear();
      this.swapDecision ??= new Mcts(this.evaluator, this.swapSettings);
      this.swapDecision.clear();
      if (!(this.settings.replySearch ?? REPLY_SEARCH)) return this.swapDecision.search(position, limits, lastMove);
      return this.decideThenReply(position, limits, lastMove, start);
    }
    return this.searchTree(position, limits, lastMove, start, false);
  }

  /**
   * replySearch: the swap decided by the search at the swap's prior power
   * with half the limit; where it keeps the stone (and was not settled
   * without a search), the reply chosen by this tree at its own power with
   * the rest, and its tree kept for the next move.
   */
  private async decideThenReply(
    position: Position,
    limits: SearchLimits,
    lastMove: CellIndex | null,
    start: number,
  ): Promise<SearchResult> {
    const half = {
      ...limits,
      ...(limits.playouts === undefined ? {} : { playouts: Math.max(1, Math.floor(limits.playouts / 2)) }),
      ...(limits.timeMs === undefined ? {} : { timeMs: limits.timeMs / 2 }),
    };
    const decision = await (this.swapDecision as Mcts).search(position, half, lastMove);
    if (decision.move === SWAP || decision.rounds === 0) return decision;
    const rest = {
      ...limits,
      ...(limits.playouts === undefined ? {} : { playouts: Math.max(1, limits.playouts - decision.playouts) }),
      ...(limits.timeMs === undefined ? {} : { timeMs: Math.max(0, limits.timeMs - (performance.now() - start)) }),
    };
    const reply = await this.searchTree(position, rest, lastMove, performance.now(), true);
    return { ...reply, playouts: decision.playouts + reply.playouts, rounds: decision.rounds + reply.rounds };
  }

  /** The search of `position` by this tree; with `stoneKept`, where a swap may answer, a stone reply whatever its value (the swap was decided). */
  private async searchTree(
    position: Position,
    limits: SearchLimits,
    lastMove: CellIndex | null,
    start: number,
    stoneKept: boolean,
  ): Promise<SearchResult> {
    const root = this.rootFor(position, lastMove);
    if (this.context.proximity !== 0) {
      const table = nearCells(position.geometry);
      if (this.context.near?.table !== table)
        this.context.near = { table, mark: new Uint8Array(position.geometry.cellCount) };
    }
    // A leaf proven by `leaf-win` has no children to name its winning move:
    // as the root it must be searched (with `win` on, the tactic plays it first).
    if (root.moves.length === 0) root.proven = null;
    const choice = tacticalChoice(
      position.geometry,
      position.cells(),
      position.toMove,
      lastMove,
      rootTactics(this.context, position),
    );
    const reusedPlayouts = root.visits;
    const settled = this.settleRoot(root, position, limits, choice);
    if (settled !== null) return { ...settled, reusedPlayouts };
    const { spent, rounds } = await this.runRounds(root, position, limits, start);
    return this.resultOf(root, position, choice, spent, rounds, reusedPlayouts, stoneKept);
  }

  /**
   * Narrows the root to the tactic's moves (and, where a swap may answer, to
   * the stone replies, the swap being decided from their value), and returns
   * the move when no search is needed: a single forced move, or one the root
   * solver proves.
   */
  private settleRoot(
    root: Node,
    position: Position,
    limits: SearchLimits,
    choice: TacticalChoice | null,
  ): SearchResult | null {
    const mayMirror = position.canSwap();
    if (choice !== null || mayMirror)
      restrictRoot(
        this.context,
        root,
        position,
        (choice?.moves ?? position.legalMoves()).filter((m) => m !== SWAP),
      );
    const onlyMove =
      choice?.kind === 'win'
        ? choice.moves[0]
        : root.untried?.length === 1 && root.moves.length === 0
          ? root.untried[0]
          : undefined;
    // A win at once, or the key of H-search's semi-connection, is proven; another forced move's value is unknown unless searched.
    const proven = choice?.kind === 'win' || choice?.kind === 'connect';
    if (onlyMove !== undefined && (proven || limits.searchForced !== true))
      return decidedResult(onlyMove, proven ? 1 : null, 0, choice?.kind ?? null);
    const tactics = this.context.tactics;
    const shortcuts = { connections: tactics.has('leaf-vc'), mustPlay: tactics.has('mustplay') };
    const proof =
      this.settings.solver && position.legalMoves().length <= ROOT_SOLVER_MAX_EMPTY
        ? solveWithin(position, solverBudget(limits), shortcuts)
        : null;
    if (proof?.move != null) return decidedResult(proof.move, 1, 0, 'solver');
    // Every stone reply loses: then the swap wins.
    if (proof?.wins === false && mayMirror) return decidedResult(SWAP, 1, 0, 'solver');
    return null;
  }

  /**
   * The rounds, until the limits are spent or the root is proven (it needs
   * no more playouts: its answer is known), one round at least so that a move
   * comes even when the time went to the solver. Rounds overlap: the next
   * round's leaves are chosen while earlier rounds are evaluated, so the
   * tree's work hides behind the evaluator's.
   */
  private async runRounds(
    root: Node,
    position: Position,
    limits: SearchLimits,
    start: number,
  ): Promise<{ spent: number; rounds: number }> {
    const budget =
      limits.playouts ?? (limits.timeMs === undefined ? PLAYOUTS_WITHOUT_LIMITS : Number.POSITIVE_INFINITY);
    const k = this.settings.playoutsPerLeaf;
    let spent = 0;
    let rounds = 0;
    const inFlight: RoundInFlight[] = [];
    const maxInFlight = Math.max(1, this.settings.roundsInFlight ?? defaultRoundsInFlight(this.evaluator));
    let failure: { readonly error: unknown } | null = null;
    const deadline = limits.timeMs === undefined ? undefined : start + limits.timeMs;
    this.context.deadline = deadline ?? Number.POSITIVE_INFINITY;
    const roundsStart = performance.now();
    try {
      while (
        rounds === 0 ||
        (root.proven === null &&
          spent < budget &&
          (limits.timeMs === undefined || performance.now() - start < limits.timeMs))
      ) {
        limits.signal?.throwIfAborted();
        // The last round is cut to the playouts left, so a limit is met within one leaf's K.
        const leaves = Math.min(this.settings.leavesPerRound, Math.max(1, Math.ceil((budget - spent) / k)));
        // The second round waits for the first to be backed up: chosen while
        // it runs, it would be chosen blind, as the first is (with two in
        // flight, a small search was two blind rounds, and lost to one twice its size).
        if (rounds === 1)
          while (inFlight.length > 0) await finishRound(this.context, inFlight.shift() as RoundInFlight);
        await this.context.deferred?.applyDue(rounds, applyFinding, deadline);
        if (root.proven !== null && rounds > 0) break;
        const round = this.chooseLeaves(root, position, leaves);
        spent += round.counted;
        // Rounds are backed up here only, oldest first, never as their
        // results arrive: so what a round's choice sees does not depend on
        // timing, and a playout limit still fixes the result.
        try {
          while (inFlight.length >= maxInFlight) await finishRound(this.context, inFlight.shift() as RoundInFlight);
        } catch (error) {
          takeBackVirtualLosses(
            round.pending.map((l) => l.path),
            k,
          );
          throw error;
        }
        inFlight.push(startRound(this.evaluator, this.context, round.pending, this.round++));
        rounds++;
        limits.onProgress?.({
          playouts: spent,
          rounds,
          elapsedMs: performance.now() - start,
          moves: rootMoves(root, this.context.amaf),
        });
        // A swap is decided by the value, and a forced move searched for it: neither stops early.
        if ((this.settings.stopEarly ?? STOP_EARLY) && !position.canSwap() && limits.searchForced !== true) {
          const left = playoutsLeft(spent, budget, limits.timeMs, start, roundsStart, performance.now());
          if (leaderSettled(root, left)) break;
        }
      }
    } catch (error) {
      failure = { error };
    }
    // Back up the rounds in flight, even on an abort or a failed call, so
    // that no virtual loss is left in the tree; the first error is the one reported.
    while (inFlight.length > 0) {
      try {
        await finishRound(this.context, inFlight.shift() as RoundInFlight);
      } catch (error) {
        failure ??= { error };
      }
    }
    this.context.deadline = Number.POSITIVE_INFINITY;
    this.context.deferred?.dropAll((node) => forgetFinding(this.context, node));
    if (failure) throw failure.error;
    return { spent, rounds };
  }

  /** The move the tree chose: a proven win, else the most visited; the swap where the best stone reply is worth under ½. */
  private resultOf(
    root: Node,
    position: Position,
    choice: TacticalChoice | null,
    spent: number,
    rounds: number,
    reusedPlayouts: number,
    stoneKept: boolean,
  ): SearchResult {
    const moves = rootMoves(root, this.context.amaf);
    const won = root.kids.find((k) => k !== null && k.proven === k.mover && k.visits > 0);
    const best = won ? moves.find((m) => m.move === won.move) : moves[0];
    if (!best) throw new Error('the search found no move');
    // A move the tree proved is worth its proof, whatever its playouts said.
    const value = moveValue(best);
    const tactic = choice?.kind ?? null;
    if (position.canSwap() && !won && !stoneKept && this.swaps(position, value))
      return {
        move: SWAP,
        winRate: 1 - value,
        playouts: spent,
        rounds,
        reusedPlayouts,
        expectedReply: null,
        tactic,
        moves,
      };
    const replies = root.kidFor(best.move)?.kids ?? [];
    const expectedReply =
      replies.reduce<Node | null>((a, c) => (c !== null && c.visits > (a?.visits ?? 0) ? c : a), null)?.move ?? null;
    return { move: best.move, winRate: value, playouts: spent, rounds, reusedPlayouts, expectedReply, tactic, moves };
  }

  /** Whether to swap the opening of `position` when the best stone reply is worth `value`: by the swap table where it decides, an inner stone at once, an edge one never without `swap-edge`, else by the value. */
  private swaps(position: Position, value: number): boolean {
    const g = position.geometry;
    const stone = openingStone(position.peekCells());
    const byTable = (this.settings.swapTable ?? SWAP_TABLE) ? swapByTable(SHIPPED_SWAP_TABLE, g, stone) : null;
    if (byTable !== null) return byTable;
    if (swapsInner(g, stone, swapInnerRows(this.settings, g.size))) return true;
    if (!(this.settings.swapEdge ?? SWAP_EDGE) && onOuterRing(g, stone)) return false;
    return swapFromReplies(value, this.settings.swapMargin ?? SWAP_MARGIN);
  }

  /** The first move under the swap rule (tree/swap-opening.ts): it leaves no tree to reuse. */
  private openUnderSwap(position: Position, limits: SearchLimits): Promise<SearchResult> {
    this.root = null;
    this.rootPosition = null;
    return openUnderSwap(
      position,
      limits,
      this.settings,
      this.swapSettings,
      this.context.tactics,
      (settings) => new Mcts(this.evaluator, settings),
    );
  }

  /**
   * The tree for `position`: the old root's child or grandchild whose board
   * it is (subtree reuse after our move and the opponent's), or a new root,
   * whose move is the opponent's last one when known (the proximity prior's centre).
   */
  private rootFor(position: Position, lastMove: CellIndex | null): Node {
    const reused = findReusable(this.root, this.rootPosition, position);
    this.root = reused ?? new Node(lastMove ?? SWAP, opponent(position.toMove));
    this.rootPosition = position.clone();
    return this.root;
  }

  /**
   * A round's descents, each counting its K playouts as lost along its path
   * at once (virtual loss); leaves already decided are backed up at once.
   */
  private chooseLeaves(root: Node, position: Position, leaves: number): { pending: Leaf[]; counted: number } {
    const k = this.settings.playoutsPerLeaf;
    const pending: Leaf[] = [];
    let counted = 0;
    for (let b = 0; b < leaves; b++) {
      const leaf = this.descend(root, position);
      for (const node of leaf.path) node.visits += k;
      counted += k;
      const last = leaf.path[leaf.path.length - 1] as Node;
      if (last.proven !== null) backup(leaf.path, last.proven === last.mover ? k : 0, k);
      else {
        if (this.bridgeDraws !== null && !leaf.swapMayCome && position.geometry.size >= this.leafBridgeFrom)
          splitBridges(position.geometry, leaf.request.cells, this.bridgeDraws);
        pending.push(leaf);
      }
    }
    return { pending, counted };
  }

  /**
   * Walks down by the selection rule, expanding one new child; the path
   * starts at the root. With AMAF statistics a node's moves all become
   * slots at once, so that their AMAF values order the ones not tried yet; a
   * slot gets its node, and is tried (and proven if it can be), the first
   * time it is chosen.
   */
  private descend(root: Node, rootPosition: Position): Leaf {
    // One Position walks every descent (a clone each time was most of the search's garbage).
    if (this.walker?.geometry !== rootPosition.geometry || this.walker.swapAllowed !== rootPosition.swapAllowed)
      this.walker = rootPosition.clone();
    const position = this.walker;
    position.resetTo(rootPosition);
    const path: Node[] = [root];
    const leaf = (parent: Node | null = null): Leaf => ({
      path,
      request: { geometry: position.geometry, cells: this.leafCells(parent, position), toMove: position.toMove },
      swapMayCome: position.canSwap(),
    });
    let node = root;
    for (;;) {
      if (node.proven !== null) return leaf();
      // Too few leaves yet to make its children (SearchSettings.expandAt): evaluated again, as its first leaf was.
      if (node.visits < this.context.expandVisits && path.length > 1) return leaf(path[path.length - 2] as Node);
      // The root (a reused one too) is pruned at once, whatever its visits.
      if (
        node.untried === null ||
        node.visits >= node.pruneAt ||
        (path.length === 1 && node.pruneAt < Number.POSITIVE_INFINITY)
      ) {
        prepareMoves(this.context, node, position, path);
        if (node.proven !== null) return leaf();
      }
      if (this.context.amaf && !node.keepsAmaf && node.visits >= this.context.amafVisits)
        node.startAmaf(position.geometry.cellCount);
      let untried = node.untried as Move[];
      if (this.context.amaf && untried.length > 0) {
        // In the order the plain search would pop them, so ties go the same way; the node keeps the array as its slots.
        const moves = untried.reverse();
        node.untried = untried = [];
        node.addAmafSlots(moves, this.context.priorWeights?.weights(position, path, moves) ?? null);
      }
      const move = untried.pop();
      if (move !== undefined) {
        const child = new Node(move, position.toMove);
        node.addKid(child);
        this.keepReduced(path, position);
        position.play(move);
        prove(this.context, child, position);
        path.push(child);
        return leaf(node);
      }
      const slot = select(this.context, node);
      if (slot < 0) return leaf();
      const chosen = node.kidAt(slot, position.toMove);
      if (chosen.visits === 0) this.keepReduced(path, position);
      position.play(chosen.move);
      path.push(chosen);
      if (chosen.visits === 0) {
        prove(this.context, chosen, position);
        if (chosen.proven !== null) node.priors = null;
        return leaf(node);
      }
      node = chosen;
    }
  }

  /**
   * With reduced-board playouts, makes the reduced board of the node that
   * ends `path` (at `position`) if it has none: on Hex, where no swap may
   * come. From its parent's reduced board where that has one, looking only
   * where the move changed something.
   */
  private keepReduced(path: readonly Node[], position: Position): void {
    const node = path[path.length - 1] as Node;
    const parent = path.length > 1 ? (path[path.length - 2] as Node) : null;
    if (!(this.settings.reducedBoard ?? REDUCED_BOARD) || node.reduced !== null || position.canSwap()) return;
    const g = position.geometry;
    const from = parent?.reduced ?? null;
    const fromCodes = parent?.reducedCodes ?? null;
    const made =
      from !== null && fromCodes !== null && node.move >= 0
        ? reducedAfter(g, from, fromCodes, node.move, node.mover)
        : reducedBoard(g, deadCells(g, position.peekCells()).filled);
    node.reduced = made.cells;
    node.reducedCodes = made.codes;
  }

  /**
   * The cells a leaf is evaluated on: the board as it is, or with reduced-board
   * playouts its parent's reduced board with the leaf's own stone: the cells
   * dead or captured in the parent stay so below it, whoever plays (more
   * stones only narrow a ring's fillings), and a stone played into a captured
   * pair is answered by its captor.
   */
  private leafCells(parent: Node | null, position: Position): Uint8Array {
    const cells = arenaCopy(position.peekCells());
    const reduced = parent?.reduced ?? null;
    if (reduced === null || position.canSwap()) return cells;
    // The leaf's own stone is not empty, so it stays.
    for (let c = 0; c < cells.length; c++) if (cells[c] === 0) cells[c] = reduced[c] as number;
    return cells;
  }
}
