export const BRAND = 'SpanWatch';

// Route `head` options build the browser tab title with this, so every screen reads the same.
export function documentTitle(page?: string): string {
  return page ? `${page} | ${BRAND}` : `${BRAND} — Bridge structural health monitoring`;
}

export function headTitle(page?: string) {
  return { meta: [{ title: documentTitle(page) }] };
}
