/**
 * A value made once per board geometry and kept while the geometry lives
 * (geometryOf hands out one object per game and size): layouts and scratch
 * arrays that many calls need, so that a search's rounds do not rebuild them.
 */
import type { Geometry } from './geometry.js';

export function perGeometry<T>(build: (g: Geometry) => T): (g: Geometry) => T {
  const made = new WeakMap<Geometry, T>();
  return (g) => {
    let value = made.get(g);
    if (value === undefined) {
      value = build(g);
      made.set(g, value);
    }
    return value;
  };
}
