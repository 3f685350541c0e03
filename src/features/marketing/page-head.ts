import { documentTitle } from '../../ui/document-title';

/** A route's `head`: its own tab title and meta description (every public page has both). */
export function pageHead(title: string | undefined, description: string) {
  return {
    meta: [{ title: documentTitle(title) }, { name: 'description', content: description }],
  };
}
