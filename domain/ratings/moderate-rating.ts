import type { Clock } from "../shared/clock.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { cleanRatingText, MAX_RATING_TEXT, type Rating, type RatingDecision } from "./rating.ts";
import { ratingNotFound, ratingTextTooLong } from "./ratings.errors.ts";
import type { RatingsRepositories } from "./ratings-repositories.port.ts";

export interface ModerateRatingDeps {
  unitOfWork: UnitOfWork<Pick<RatingsRepositories, "ratings">>;
  clock: Clock;
}

/**
 * Staff publish or hide a rating, and may answer it publicly (issue 36). The reply is plain text
 * like the comment; an empty one removes it, and leaving it out keeps the one there is. Publishing
 * again or hiding again is allowed (a reply can be corrected): moderation is not a one-way door.
 */
export async function moderateRating(
  input: { ratingId: string; status: RatingDecision; reply: string | null | undefined; adminId: string },
  deps: ModerateRatingDeps,
): Promise<Rating> {
  const reply = input.reply === undefined ? undefined : cleanRatingText(input.reply);
  if (reply && reply.length > MAX_RATING_TEXT) throw ratingTextTooLong();
  return deps.unitOfWork.run(async ({ ratings }) => {
    const moderated = await ratings.moderate(input.ratingId, { status: input.status, reply, at: deps.clock.now(), by: input.adminId });
    if (!moderated) throw ratingNotFound();
    return moderated;
  });
}
