/**
 * Inferior cells of Hex, from a cell's ring of six neighbours (dead-cells.ts).
 *
 * Vulnerable: one stone of the opponent on an empty neighbour (the killer)
 * would make the cell dead. A move there is answered by the killer, after
 * which the mover's stone counts for nothing: the game goes on as if the
 * opponent had had a free stone on the killer and the mover were to move
 * again, and each of the mover's moves then is at most as good as the same
 * move now. So a winning vulnerable move implies a winning move elsewhere;
 * following that chain through other vulnerable cells only adds the
 * opponent's killers, so it ends at a winning cell that is not vulnerable,
 * or at a position the mover wins whatever it plays.
 *
 * Dominated: one stone of the mover on an empty neighbour k makes the cell
 * dead. Then the mover's stone on k is at least as good as on the cell
 * (with k taken, the cell can be filled for the mover at no cost). To keep
 * the dominators from pruning each other, only a dominator that is itself
 * neither vulnerable nor dominated, and among the moves, prunes.
 *
 * Dropping both kinds from a set of moves that holds every winning move
 * (the legal moves, or a must-play region) keeps a winning move, as long as
 * some move is kept.
 */
import { type Player } from '../../game/color.js';
import { type CellIndex, type Cells, GameKind, type Geometry } from '../../game/geometry.js';
import { perGeometry } from '../../game/per-geometry.js';
import { KILLED_BY, ringCode, ringSlots } from './dead-cells.js';

/** Per cell: 1 for a move among those asked about, then bit 1 vulnerable and bit 2 with a dominator among them. */
const scratchOf = perGeometry((g): Uint8Array => new Uint8Array(g.cellCount));

const MOVE = 1;
const VULNERABLE = 2;
const DOMINATED = 4;

/**
 * `moves` (empty cells of `cells`, a board with its dead cells filled) without
 * those vulnerable or dominated for `toMove`; `moves` itself when that would
 * drop them all, and on Y.
 */
export function withoutInferior(g: Geometry, cells: Cells, moves: readonly CellIndex[], toMove: Player): CellIndex[] {
  if (g.game !== GameKind.Hex) return [...moves];
  const slots = ringSlots(g);
  const mark = scratchOf(g);
  // KILLED_BY's bit 0 is a black killer and bit 1 a white one; Black is 1 and White 2.
  const ours = toMove as number;
  const theirs = 3 - ours;
  for (const c of moves) mark[c] = MOVE;
  for (const c of moves) {
    const code = ringCode(slots, cells, c);
    for (let i = 0; i < 6; i++) {
      const killers = KILLED_BY[code * 6 + i] as number;
      if (killers & theirs) mark[c] = (mark[c] as number) | VULNERABLE;
      if (killers & ours && (mark[slots[c * 6 + i] as number] as number) & MOVE)
        mark[c] = (mark[c] as number) | DOMINATED;
    }
  }
  const kept = moves.filter((c) => {
    if ((mark[c] as number) & VULNERABLE) return false;
    if (!((mark[c] as number) & DOMINATED)) return true;
    // Dominated: dropped if one of its dominators is kept for sure (neither vulnerable nor dominated).
    const code = ringCode(slots, cells, c);
    for (let i = 0; i < 6; i++) {
      if (!((KILLED_BY[code * 6 + i] as number) & ours)) continue;
      if ((mark[slots[c * 6 + i] as number] as number) === MOVE) return false;
    }
    return true;
  });
  for (const c of moves) mark[c] = 0;
  return kept.length === 0 ? [...moves] : kept;
}
