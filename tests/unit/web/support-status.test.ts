import { describe, expect, it } from "vitest";
import { chatCardText, emptyChatText, presenceText, queueLine, responseTimeText } from "#src/lib/support-status.ts";
import type { SupportStatusView } from "#read-models/support/support-status.views.ts";

// Issue 47: support said "We're offline, we reply by email within 24 hours" together with "You are
// next in the queue", and the Contact page "Chat with an agent right now" while offline beside
// "No replies in the last 7 days to measure yet". One state, one message.
const offline: SupportStatusView = { online: false, agentsOnline: 0, medianFirstReplyMinutes: null, hours: null };
const online: SupportStatusView = { online: true, agentsOnline: 2, medianFirstReplyMinutes: 3, hours: null };

describe("what support says", () => {
  it("offline: the email promise only, no queue, no 'right now', nothing unmeasured", () => {
    expect(presenceText(offline)).toBe("We're offline, we reply by email within 24 hours");
    expect(queueLine(offline, 1)).toBeNull();
    expect(emptyChatText(offline)).toMatch(/reply by email within 24 hours/);
    expect(chatCardText(offline)).not.toMatch(/right now about/);
    expect(chatCardText(offline)).toMatch(/offline/);
    expect(responseTimeText(offline)).toBe("We reply by email within 24 hours.");
  });

  it("online: the place in the queue with the measured first reply", () => {
    expect(queueLine(online, 1)).toBe("You are next in the queue · Typical first reply: 3 minutes (median of the last 7 days)");
    expect(queueLine(online, null)).toBeNull();
    expect(emptyChatText(online)).toBe("Send a message and an agent will reply shortly.");
    expect(chatCardText(online)).toMatch(/right now/);
  });
});
