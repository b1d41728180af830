/**
 * The og:image address of a page: the PNG preview (/og/...png) of the store's own picture, since
 * the big social sites do not render SVG. Pictures from elsewhere (an absolute URL) are kept.
 */
export function ogImagePath(picture: string): string {
  return /^\/(img|uploads)\//.test(picture) ? `/og${picture}.png` : picture;
}
