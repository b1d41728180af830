import * as z from "zod";

export const NewConversation = z.object({
  status: z.literal("open", 'a new conversation is "open"').default("open"),
  // The widget sends no email; an empty field means none.
  email: z
    .union([z.literal(""), z.null(), z.string().trim().toLowerCase().max(254).pipe(z.email("Please enter a valid email address"))])
    .optional()
    .transform((value) => value || null),
});

// `sender` may be sent (the spec's clients do) but is ignored: the server decides who wrote a message.
export const NewMessage = z.object({
  message: z.string("message is required"),
});

export const MessagesQuery = z.object({
  /** Only the messages after this message id (the last one the client has). */
  after: z.string().min(1).max(100).optional(),
});

export const ConversationPatch = z.object({
  status: z.literal("closed", 'a conversation can only be changed to "closed"'),
});
