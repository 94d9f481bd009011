/**
 * Cell contents and players. The numeric values are the BPR 2-bit encoding
 * (00 empty, 01 black, 10 white) and are relied on by every kernel.
 */
export enum Color {
  Empty = 0,
  Black = 1,
  White = 2,
}

/** A player: a colour that is not empty. */
export type Player = Color.Black | Color.White;

/** A win test's answer: the winning player, or Color.Empty for none yet. */
export type Winner = Color;

export function opponent(player: Player): Player {
  return player === Color.Black ? Color.White : Color.Black;
}

export function colorName(color: Color): 'black' | 'white' | 'none' {
  return color === Color.Black ? 'black' : color === Color.White ? 'white' : 'none';
}

export function parsePlayer(text: string): Player {
  const t = text.trim().toLowerCase();
  if (t === 'b' || t === 'black') return Color.Black;
  if (t === 'w' || t === 'white') return Color.White;
  throw new Error(`unknown colour "${text}" (expected black or white)`);
}
