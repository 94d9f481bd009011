/*
 * hexbatch's native reference: whole Hex and Y playouts from the empty board
 * on one core, in C, drawn from the project's own random stream
 * (src/fill/counter-rng.ts, src/fill/fill.ts), so that playout (seed, 0, q)
 * here is the very board the CPU backend plays as playout q of position 0.
 *
 * Black's stones make a bitboard of 64-bit words, and a few shifts a step
 * decide it (on a full board one player connects, so black alone decides):
 * - Hex up to 13: a flood fill, cell (r, c) at bit r*N + c. Black's stones
 *   grow from the top row and the bottom row at once; they meet (black
 *   wins), or one stops growing first (white wins).
 * - Larger Hex, and Y: the Y-reduction of DESIGN.md on 1-bit cells (Hex
 *   through its template, cell (r, c) at bit r*(N+1) + c; Y at r*N + c).
 *   The flood's steps grow with the board's paths, the reduction's passes
 *   only with its side: on this project's 2-core x86-64 machine the flood
 *   was the faster up to Hex 13, the reduction from Hex 15 and on every Y.
 *
 *   playout count <hex|y> <size> <exact|coin> <playouts> <seed>
 *     prints black's wins among playouts 0 .. playouts-1 (the tests' oracle
 *     check against the TypeScript evaluator);
 *   playout time <hex|y> <size> <exact|coin> <playouts> <runs> <warmups> <seed>
 *     prints one line a run, "warmup|run <wall ns> <CPU ns> <black wins>";
 *     run k plays seed + k, so no run replays another's boards. The CPU
 *     time leaves out the time the process waited for a core.
 *
 * Build: cc -O3 -march=native -o playout playout.c (npm run bench:native does).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef __BMI2__
#include <immintrin.h>
#endif

#define MAX_WORDS 16 /* 1,024 bits: Hex 31 (961 cells) and Y 32 (32 x 32 square) */
#define INLINE static inline __attribute__((always_inline))

typedef struct {
  uint64_t w[MAX_WORDS];
} board;

/* What a decide needs of a game and size: masks in the bitboard's layout. */
typedef struct {
  int hex;
  int n;
  int cells;
  /* Hex by flood fill (else by reduction). */
  int flood;
  int words;
  board valid;    /* flood: every cell */
  board not_col0; /* flood: cells off the first column */
  board not_last; /* flood: cells off the last column */
  board top;      /* flood: row 1 */
  board bottom;   /* flood: row N */
  board deposit;  /* reduction: where the cells go, row-major */
  board template_; /* reduction, Hex: the all-black template row (the white template column is zeros) */
} geometry;

/* ---- the random stream: pcg4d applied twice (counter-rng.ts) ---- */

/*
 * Blocks counter0 .. counter0 + L - 1 of playout (seed, 0, q): words
 * 4 * counter0 .. into out[0 .. 4L - 1]. The L blocks are independent, so
 * with L a constant the compiler runs them side by side (in vector lanes
 * where it can): one block alone is a chain of dependent multiplies.
 */
INLINE void pcg_blocks(uint32_t seed, uint32_t playout, uint32_t counter0, uint32_t *out, int L) {
  uint32_t x[16], y[16], z[16], w[16];
  for (int l = 0; l < L; l++) {
    x[l] = seed;
    y[l] = 0; /* the position: always the first */
    z[l] = playout;
    w[l] = counter0 + (uint32_t)l;
  }
  for (int round = 0; round < 2; round++) {
    for (int l = 0; l < L; l++) {
      x[l] = x[l] * 1664525u + 1013904223u;
      y[l] = y[l] * 1664525u + 1013904223u;
      z[l] = z[l] * 1664525u + 1013904223u;
      w[l] = w[l] * 1664525u + 1013904223u;
      x[l] += y[l] * w[l];
      y[l] += z[l] * x[l];
      z[l] += x[l] * y[l];
      w[l] += y[l] * z[l];
      x[l] ^= x[l] >> 16;
      y[l] ^= y[l] >> 16;
      z[l] ^= z[l] >> 16;
      w[l] ^= w[l] >> 16;
      x[l] += y[l] * w[l];
      y[l] += z[l] * x[l];
      z[l] += x[l] * y[l];
      w[l] += y[l] * z[l];
    }
  }
  for (int l = 0; l < L; l++) {
    out[4 * l] = x[l];
    out[4 * l + 1] = y[l];
    out[4 * l + 2] = z[l];
    out[4 * l + 3] = w[l];
  }
}

/* The high half of r*m from 16-bit halves of r, as WGSL and TypeScript compute it. */
INLINE uint32_t uniform_below(uint32_t r, uint32_t m) {
  uint32_t hi = (r >> 16) * m;
  uint32_t lo = ((r & 0xffffu) * m) >> 16;
  return (hi + lo) >> 16;
}

/* Blocks the exact fill draws at a time once the coins are drawn: about what a correction takes on Hex 11. */
#define CORRECTION_BLOCKS 4

/*
 * The fill's choices for playout (seed, 0, q) of the empty board with `empty`
 * cells (fill.ts, choiceWords): bit k of coins[k / 32] is 1 when cell k goes
 * to black. Exact: the coins, then rejection-sampled flips until black holds
 * ceil(empty / 2) of them. Coin: the stream's words as they come. `words` is
 * ceil(empty / 32) and `coin_blocks` ceil(words / 4), constants where inlined.
 */
INLINE void choice_words(uint32_t seed, uint32_t q, int empty, int exact, uint32_t *coins, int words, int coin_blocks) {
  uint32_t stream[4 * (MAX_WORDS / 2 + CORRECTION_BLOCKS)];
  /* The exact fill draws its first correction blocks with the coins' blocks, all side by side. */
  int drawn = exact ? coin_blocks + CORRECTION_BLOCKS : coin_blocks;
  /* One block alone (the coin fill up to 128 cells) as a constant: the lanes' loop costs more than the block. */
  if (!exact && coin_blocks == 1) pcg_blocks(seed, q, 0, stream, 1);
  else pcg_blocks(seed, q, 0, stream, drawn);
  int mine = 0;
  for (int k = 0; k < words; k++) {
    int valid = empty - 32 * k;
    uint32_t word = stream[k];
    if (valid < 32) word &= (1u << valid) - 1u;
    coins[k] = word;
    mine += __builtin_popcount(word);
  }
  if (!exact) return;
  int owed = (empty + 1) >> 1;
  uint32_t excess = mine > owed;
  int step = excess ? -1 : 1;
  /* The correction's draws start at the word after the coins, as in fill.ts; stream[0] is word `base`. */
  int next = words;
  int base = 0;
  while (mine != owed) {
    if (next == 4 * drawn) {
      pcg_blocks(seed, q, (uint32_t)drawn, stream, CORRECTION_BLOCKS);
      base = 4 * drawn;
      drawn += CORRECTION_BLOCKS;
    }
    uint32_t j = uniform_below(stream[next++ - base], (uint32_t)empty);
    uint32_t w = coins[j >> 5];
    uint32_t flip = ((w >> (j & 31)) & 1u) ^ excess ^ 1u;
    coins[j >> 5] = w ^ ((1u << (j & 31)) & (0u - flip));
    mine += step * (int)flip;
  }
}

/* ---- bitboards of W words; W is a constant wherever these are inlined ---- */

INLINE void shl(uint64_t *out, const uint64_t *x, int k, int W) {
  for (int i = W - 1; i > 0; i--) out[i] = (x[i] << k) | (x[i - 1] >> (64 - k));
  out[0] = x[0] << k;
}

INLINE void shr(uint64_t *out, const uint64_t *x, int k, int W) {
  for (int i = 0; i < W - 1; i++) out[i] = (x[i] >> k) | (x[i + 1] << (64 - k));
  out[W - 1] = x[W - 1] >> k;
}

INLINE int any_common(const uint64_t *a, const uint64_t *b, int W) {
  uint64_t t = 0;
  for (int i = 0; i < W; i++) t |= a[i] & b[i];
  return t != 0;
}

INLINE int is_empty(const uint64_t *a, int W) {
  uint64_t t = 0;
  for (int i = 0; i < W; i++) t |= a[i];
  return t == 0;
}

/* f grown by one step inside `mine` (Hex); returns whether it grew. */
INLINE int grow_hex(uint64_t *f, const uint64_t *mine, const uint64_t *nc0, const uint64_t *nl, int n, int W) {
  uint64_t right[MAX_WORDS], left[MAX_WORDS], up[MAX_WORDS], down[MAX_WORDS];
  shl(right, f, 1, W);
  shr(left, f, 1, W);
  for (int i = 0; i < W; i++) {
    right[i] = f[i] | (right[i] & nc0[i]); /* f and each cell's (r, c+1) */
    left[i] = f[i] | (left[i] & nl[i]);    /* f and each cell's (r, c-1) */
  }
  shr(up, right, n, W);  /* (r-1, c) and (r-1, c+1) */
  shl(down, left, n, W); /* (r+1, c) and (r+1, c-1) */
  uint64_t changed = 0;
  for (int i = 0; i < W; i++) {
    uint64_t next = (right[i] | left[i] | up[i] | down[i]) & mine[i];
    changed |= next ^ f[i];
    f[i] = next;
  }
  return changed != 0;
}

/* Bits from..from+63 of the choice words (zeros past the last word). */
INLINE uint64_t choice_bits(const uint32_t *coins, int from) {
  int k = from >> 5, s = from & 31;
  uint64_t low = (uint64_t)coins[k] | ((uint64_t)coins[k + 1] << 32);
  return s ? (low >> s) | ((uint64_t)coins[k + 2] << (64 - s)) : low;
}

/* Black's stones as a bitboard from the choice bits (cell k is the k-th cell in row-major order). */
INLINE void black_stones(const geometry *geo, const uint32_t *coins, uint64_t *mine, int W) {
  if (geo->flood) {
    for (int i = 0; i < W; i++) mine[i] = ((uint64_t)coins[2 * i] | ((uint64_t)coins[2 * i + 1] << 32)) & geo->valid.w[i];
    return;
  }
#ifdef __BMI2__
  int from = 0;
  for (int i = 0; i < W; i++) {
    mine[i] = _pdep_u64(choice_bits(coins, from), geo->deposit.w[i]) | geo->template_.w[i];
    from += __builtin_popcountll(geo->deposit.w[i]);
  }
#else
  const int n = geo->n, stride = geo->hex ? n + 1 : n;
  for (int i = 0; i < W; i++) mine[i] = geo->template_.w[i];
  for (int r = 0, k = 0; r < n; r++) {
    int length = geo->hex ? n : r + 1, at = r * stride;
    uint64_t row = choice_bits(coins, k) & (~0ull >> (64 - length));
    mine[at >> 6] |= row << (at & 63);
    if ((at & 63) + length > 64) mine[(at >> 6) + 1] |= row >> (64 - (at & 63));
    k += length;
  }
#endif
}

/* Whether black wins the full board whose black stones are `mine`. */
INLINE int black_wins(const geometry *geo, const uint64_t *mine, int W) {
  const int n = geo->n;
  if (geo->flood) {
    uint64_t top[MAX_WORDS], bottom[MAX_WORDS];
    for (int i = 0; i < W; i++) {
      top[i] = mine[i] & geo->top.w[i];
      bottom[i] = mine[i] & geo->bottom.w[i];
    }
    if (is_empty(top, W) || is_empty(bottom, W)) return 0;
    for (;;) {
      if (any_common(top, bottom, W)) return 1;
      int grew_top = grow_hex(top, mine, geo->not_col0.w, geo->not_last.w, n, W);
      int grew_bottom = grow_hex(bottom, mine, geo->not_col0.w, geo->not_last.w, n, W);
      if (!grew_top || !grew_bottom) return any_common(top, bottom, W);
    }
  }
  /*
   * The reduction: each pass replaces cell (c, j) of the triangle by the
   * majority of itself, (c, j+1) and (c+1, j), and reads only cells the pass
   * before kept, so the bits outside the shrinking triangle never matter.
   * Hex: (c, j) is Hex column c, row j, at bit j*(N+1) + c, over 2N - 2
   * passes to bit 0. Y: (c, j) is Y cell (N-1-c, j), at bit (N-1-c)*N + j,
   * over N - 1 passes to cell (N-1, 0).
   */
  uint64_t x[MAX_WORDS], right[MAX_WORDS], next[MAX_WORDS];
  for (int i = 0; i < W; i++) x[i] = mine[i];
  const int passes = geo->hex ? 2 * n - 2 : n - 1;
  for (int pass = 0; pass < passes; pass++) {
    shr(right, x, 1, W);
    if (geo->hex) shr(next, x, n + 1, W);
    else shl(next, x, n, W);
    for (int i = 0; i < W; i++) x[i] = (x[i] & (right[i] | next[i])) | (right[i] & next[i]);
  }
  const int last = geo->hex ? 0 : (n - 1) * n;
  return (int)((x[last >> 6] >> (last & 63)) & 1u);
}

/* Any word count, not inlined, so that only the common ones are compiled as constants. */
static long play_any(const geometry *geo, uint32_t seed, uint32_t first, uint32_t end, int exact, int W);

/* Playouts first .. end-1 of position 0, seed `seed`: black's wins. */
INLINE long play_words(const geometry *geo, uint32_t seed, uint32_t first, uint32_t end, int exact, int W) {
  uint32_t coins[2 * MAX_WORDS + 2] = {0};
  uint64_t mine[MAX_WORDS];
  long wins = 0;
  const int words = (geo->cells + 31) >> 5;
  const int coin_blocks = (words + 3) >> 2;
  for (uint32_t q = first; q < end; q++) {
    choice_words(seed, q, geo->cells, exact, coins, words, coin_blocks);
    black_stones(geo, coins, mine, W);
    wins += black_wins(geo, mine, W);
  }
  return wins;
}

#define PLAY_CASE(W) \
  case W: \
    return exact ? play_words(geo, seed, first, end, 1, W) : play_words(geo, seed, first, end, 0, W);

/*
 * The word counts of Hex 11 and 13 (2, 3), Y 11 (2), Hex 19 (7) and Y 19
 * (6) are constants where inlined; other sizes take the same code with the
 * count known only at run time, which keeps the build to seconds.
 */
static long play(const geometry *geo, uint32_t seed, uint32_t first, uint32_t end, int exact) {
  switch (geo->words) {
    PLAY_CASE(2) PLAY_CASE(3) PLAY_CASE(6) PLAY_CASE(7)
  }
  return play_any(geo, seed, first, end, exact, geo->words);
}

static __attribute__((noinline)) long play_any(const geometry *geo, uint32_t seed, uint32_t first, uint32_t end, int exact, int W) {
  return play_words(geo, seed, first, end, exact, W);
}

static void set_bit(board *b, int i) { b->w[i >> 6] |= 1ull << (i & 63); }

/* Hex boards up to this side are decided by flood fill, larger ones by reduction (see the top). */
#define LARGEST_FLOOD_HEX 13

static geometry make_geometry(int hex, int n) {
  geometry g;
  memset(&g, 0, sizeof g);
  g.hex = hex;
  g.n = n;
  g.cells = hex ? n * n : n * (n + 1) / 2;
  g.flood = hex && n <= LARGEST_FLOOD_HEX;
  const int stride = hex && !g.flood ? n + 1 : n;
  /* Hex's reduction has the template row below the board: N + 1 rows. */
  g.words = ((hex && !g.flood ? n + 1 : n) * stride + 63) / 64;
  for (int r = 0; r < n; r++) {
    for (int c = 0; c < (hex ? n : r + 1); c++) {
      int i = r * stride + c;
      set_bit(&g.valid, i);
      set_bit(&g.deposit, i);
      if (c != 0) set_bit(&g.not_col0, i);
      if (c != n - 1) set_bit(&g.not_last, i);
      if (r == 0) set_bit(&g.top, i);
      if (r == n - 1) set_bit(&g.bottom, i);
    }
  }
  if (hex && !g.flood)
    for (int c = 0; c < n; c++) set_bit(&g.template_, n * stride + c);
  return g;
}

static void usage(const char *why) {
  fprintf(stderr, "playout: %s (usage: playout count GAME SIZE FILL PLAYOUTS SEED | playout time GAME SIZE FILL PLAYOUTS RUNS WARMUPS SEED)\n", why);
  exit(2);
}

static unsigned long whole(const char *text, const char *what, unsigned long min, unsigned long max) {
  char *end;
  errno = 0;
  unsigned long v = strtoul(text, &end, 10);
  if (errno || *end || !*text || text[0] == '-' || v < min || v > max) {
    char why[160];
    snprintf(why, sizeof why, "%s must be a whole number from %lu to %lu, not \"%s\"", what, min, max, text);
    usage(why);
  }
  return v;
}

static double now_ns(clockid_t clock) {
  struct timespec t;
  clock_gettime(clock, &t);
  return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

int main(int argc, char **argv) {
  if (argc < 2) usage("no mode");
  int timing = strcmp(argv[1], "time") == 0;
  if (!timing && strcmp(argv[1], "count") != 0) usage("the mode must be count or time");
  if (argc != (timing ? 9 : 7)) usage("wrong number of arguments");
  int hex = strcmp(argv[2], "hex") == 0;
  if (!hex && strcmp(argv[2], "y") != 0) usage("the game must be hex or y");
  int n = (int)whole(argv[3], "the size", 1, hex ? 31 : 32);
  int exact = strcmp(argv[4], "exact") == 0;
  if (!exact && strcmp(argv[4], "coin") != 0) usage("the fill must be exact or coin");
  uint32_t playouts = (uint32_t)whole(argv[5], "playouts", 1, 4294967295ul);
  geometry geo = make_geometry(hex, n);
  if (!timing) {
    uint32_t seed = (uint32_t)whole(argv[6], "the seed", 0, 4294967295ul);
    printf("%ld\n", play(&geo, seed, 0, playouts, exact));
    return 0;
  }
  unsigned long runs = whole(argv[6], "runs", 1, 1000);
  unsigned long warmups = whole(argv[7], "warm-ups", 0, 1000);
  uint32_t seed = (uint32_t)whole(argv[8], "the seed", 0, 4294967295ul);
  for (unsigned long k = 0; k < warmups + runs; k++) {
    double t0 = now_ns(CLOCK_MONOTONIC), c0 = now_ns(CLOCK_PROCESS_CPUTIME_ID);
    long wins = play(&geo, seed + (uint32_t)k, 0, playouts, exact);
    double t1 = now_ns(CLOCK_MONOTONIC), c1 = now_ns(CLOCK_PROCESS_CPUTIME_ID);
    printf("%s %.0f %.0f %ld\n", k < warmups ? "warmup" : "run", t1 - t0, c1 - c0, wins);
    fflush(stdout);
  }
  return 0;
}
