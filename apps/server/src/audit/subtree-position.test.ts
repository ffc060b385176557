import { appendToFrontier, leafHash } from '@bytebound/engine/merkle';
import { describe, expect, it } from 'vitest';
import { subtreePosition } from './subtree-position.ts';

/** (level, index) of a perfect tree's nodes in post-order: left subtree, right subtree, root. */
function postOrder(level: number, index: number): string[] {
  if (level === 0) return [`0:${index}`];
  return [...postOrder(level - 1, 2 * index), ...postOrder(level - 1, 2 * index + 1), `${level}:${index}`];
}

describe('subtreePosition', () => {
  it("is each node's place in the post-order of a perfect tree of 64 leaves", () => {
    const order = postOrder(6, 0);
    expect(order).toHaveLength(127);
    order.forEach((node, place) => {
      const [level, index] = node.split(':').map(Number) as [number, number];
      expect(subtreePosition(level, index), node).toBe(place);
    });
  });

  it('grows in the order appends complete subtrees, so each batch lands at the end of the index', () => {
    let frontier: Uint8Array[] = [];
    let last = -1;
    for (let size = 0; size < 1_000; size++) {
      const next = appendToFrontier(frontier, size, leafHash(Buffer.from(String(size))));
      frontier = next.frontier;
      for (const { level, index } of next.nodes) {
        const position = subtreePosition(level, index);
        expect(position).toBeGreaterThan(last);
        last = position;
      }
    }
  });

  it('counts bits past 32 (a tree beyond 2^32 leaves)', () => {
    // The last leaf of the first 2^33 leaves: 2^33 - 1 nodes before the subtrees it completes.
    expect(subtreePosition(0, 2 ** 33 - 1)).toBe(2 * 2 ** 33 - 1 - 1 - 33);
    expect(subtreePosition(33, 0)).toBe(2 * 2 ** 33 - 2);
    expect(() => subtreePosition(60, 1)).toThrow(/beyond the positions kept/);
  });
});
