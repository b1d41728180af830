import { checkRequirements, type DeliveryMethod, type Requirement } from "./requirements.ts";
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
  /** What a buyer's account needs for this game's items (each product may add its own). */
  requirements: Requirement[];
  /** How this game's items are usually delivered. */
  deliveryMethod: DeliveryMethod;
}

/** The store's own drawn picture for a game, used when an administrator chose no logo (admin-panel.md 9). */
export function placeholderThumbnail(slug: string): string {
  return `/img/game/${slug}.svg`;
}

/** The fields an administrator sets on a game; the store keeps the id and the position. */
export type GameFields = Pick<Game, "name" | "slug" | "description" | "thumbnail"> & Partial<Pick<Game, "requirements" | "deliveryMethod">>;

/**
 * A game's fields as they are kept: name and slug trimmed and required, the slug URL-safe
 * (lower-case letters, digits, single hyphens), and the placeholder picture when no logo was chosen;
 * no requirements and delivery by trade unless given.
 */
export function checkGameFields(fields: GameFields): Required<GameFields> {
  const name = fields.name.trim();
  if (name === "") throw gameNameRequired();
  const slug = fields.slug.trim();
  if (!isSlug(slug)) throw badSlug();
  return {
    name,
    slug,
    description: fields.description.trim(),
    thumbnail: fields.thumbnail.trim() || placeholderThumbnail(slug),
    requirements: checkRequirements(fields.requirements ?? []),
    deliveryMethod: fields.deliveryMethod ?? "trade",
  };
}
