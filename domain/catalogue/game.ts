import { isSlug } from "../shared/slug.ts";
import { badSlug, gameNameRequired } from "./catalogue.errors.ts";

/** A Roblox game the store sells items for. Games are listed by displayOrder, lowest first. */
export interface Game {
  id: string;
  slug: string;
  name: string;
  description: string;
  thumbnail: string;
  displayOrder: number;
}

/** The store's own drawn picture for a game, used when an administrator chose no logo (admin-panel.md 9). */
export function placeholderThumbnail(slug: string): string {
  return `/img/game/${slug}.svg`;
}

/** The fields an administrator sets on a game; the store keeps the id and the position. */
export type GameFields = Pick<Game, "name" | "slug" | "description" | "thumbnail">;

/**
 * A game's fields as they are kept: name and slug trimmed and required, the slug URL-safe
 * (lower-case letters, digits, single hyphens), and the placeholder picture when no logo was chosen.
 */
export function checkGameFields(fields: GameFields): GameFields {
  const name = fields.name.trim();
  if (name === "") throw gameNameRequired();
  const slug = fields.slug.trim();
  if (!isSlug(slug)) throw badSlug();
  return { name, slug, description: fields.description.trim(), thumbnail: fields.thumbnail.trim() || placeholderThumbnail(slug) };
}
