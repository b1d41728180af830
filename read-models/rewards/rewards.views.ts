import type { SubmissionStatus } from "#domain/reviews/submission.ts";

/** Review screenshots are served only to their owner and administrators, from this path. */
export const SCREENSHOT_PATH = "/uploads/reviews/";

export function screenshotUrl(file: string): string {
  return `${SCREENSHOT_PATH}${file}`;
}

/** One line of the points history in the dashboard. */
export interface PointsEntryView {
  id: string;
  /** Positive: earned; negative: redeemed or taken back. */
  amount: number;
  reason: string;
  label: string;
  createdAt: string;
}

/** The shopper's own view of a submission (admin notes stay in the admin panel). */
export interface OwnSubmissionView {
  id: string;
  status: SubmissionStatus;
  screenshotUrl: string;
  createdAt: string;
}

/** The Points tab: balance, its value, store credit, history and the latest review screenshot. */
export interface PointsOverviewView {
  points: number;
  /** What the balance is worth as store credit, e.g. "2.46" for 12,300 points. */
  value: string;
  /** The largest whole multiple of 5000 that can be redeemed now. */
  redeemablePoints: number;
  storeCredit: string;
  pointsPerCreditDollar: number;
  reviewPoints: number;
  /** The newest page of the history (issue 33). */
  history: PointsEntryView[];
  /** The `before` of the history's next page (GET /api/points/history), null when this is all. */
  historyNextCursor: string | null;
  submission: OwnSubmissionView | null;
  /** Store credit and points on hold pending a review (an account frozen since a chargeback, issue 37). */
  onHold: boolean;
}

/** admin-panel.md's Submission: id, userId, status, screenshotUrl, createdAt, adminNotes (plus the shopper's email). */
export interface SubmissionView {
  id: string;
  userId: string;
  email: string | null;
  status: SubmissionStatus;
  screenshotUrl: string;
  createdAt: string;
  adminNotes: string | null;
  decidedAt: string | null;
}

/** admin-panel.md's User: isAdmin as 1 or 0, storeCredit as a decimal string. */
export interface AdminUserView {
  id: string;
  email: string;
  isAdmin: 0 | 1;
  robloxUsername: string | null;
  storeCredit: string;
  points: number;
}

/** The Referrals tab: the user's own code and link, and the progress to the next bonus. */
export interface ReferralsView {
  code: string;
  /** PUBLIC_URL/?ref=CODE */
  link: string;
  /** People who registered through the link (successful or not yet). */
  signups: number;
  /** Referred people who completed a first order. */
  successfulReferrals: number;
  bonusesEarned: number;
  towardsNextBonus: number;
  nextBonusIn: number;
  referralsPerBonus: number;
  bonusPoints: number;
}
