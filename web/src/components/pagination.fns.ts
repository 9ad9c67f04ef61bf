/** How many pages `total` items make, `perPage` to a page (at least one, so "page 1 of 1" when empty). */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, perPage)));
}
