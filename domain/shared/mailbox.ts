/**
 * The mailbox an email address reaches, as one key (issue 46): what the blocklist stores and
 * matches, what the risk rules compare and what the first-visit promo counts once, so that another
 * spelling of the same mailbox is the same party. Only rules the provider documents are applied; any other domain keeps its local
 * part as written (lowered), since a `+` or a dot may name a different mailbox there.
 */
interface MailProvider {
  /** The domain the key is written with (the provider's others are the same mailboxes). */
  domain: string;
  aliases: readonly string[];
  /** Dots in the local part are ignored (and, Proton's, hyphens and underscores). */
  ignored: RegExp | null;
  /** `name+anything@` reaches `name@`. */
  plusTags: boolean;
}

const PROVIDERS: readonly MailProvider[] = [
  // Google: "Dots don't matter in Gmail addresses" (support.google.com/mail/answer/7436150), `+`
  // aliases (answer/12096), and every gmail.com address is also a googlemail.com one.
  { domain: "gmail.com", aliases: ["googlemail.com"], ignored: /\./g, plusTags: true },
  // Proton: an account's addresses on its domains are one; its own client drops `+tag` and any
  // `.`, `-` and `_` before comparing addresses (ProtonMail/WebClients, removeEmailAlias).
  { domain: "proton.me", aliases: ["protonmail.com", "protonmail.ch", "pm.me"], ignored: /[._-]/g, plusTags: true },
  // Apple: an @me.com or @mac.com address is also the account's @icloud.com one; `+` sub-addresses.
  { domain: "icloud.com", aliases: ["me.com", "mac.com"], ignored: null, plusTags: true },
  // Microsoft's consumer mail (Outlook.com) and Fastmail document plus addressing; their domains
  // are separate mailboxes.
  ...["outlook.com", "hotmail.com", "live.com", "msn.com", "fastmail.com", "fastmail.fm"].map((domain) => ({
    domain,
    aliases: [],
    ignored: null,
    plusTags: true,
  })),
  // Yandex: one mailbox on each of its domains, `+` sub-addresses.
  { domain: "yandex.ru", aliases: ["yandex.com", "ya.ru", "yandex.by", "yandex.kz", "yandex.ua"], ignored: null, plusTags: true },
];

const BY_DOMAIN = new Map<string, MailProvider>(PROVIDERS.flatMap((p) => [p.domain, ...p.aliases].map((d) => [d, p] as const)));

/** A mail domain as one key: lowered, without a leading `@` or a trailing dot, a provider's aliases as its own domain. */
export function mailDomainKey(domain: string): string {
  const lowered = domain.trim().toLowerCase().replace(/^@/, "").replace(/\.$/, "");
  return BY_DOMAIN.get(lowered)?.domain ?? lowered;
}

/**
 * The mailbox key of an address: "T.4Fraud+x@GoogleMail.com" is "t4fraud@gmail.com". Lowered and
 * trimmed for every domain (the shop never told two spellings by case apart); dots, tags and
 * alias domains only where the provider says they reach the same mailbox. Text without an `@`
 * comes back lowered and trimmed.
 */
export function mailboxKey(address: string): string {
  const lowered = address.trim().toLowerCase();
  const at = lowered.lastIndexOf("@");
  if (at <= 0) return lowered;
  const domain = mailDomainKey(lowered.slice(at + 1));
  const provider = BY_DOMAIN.get(domain);
  let local = lowered.slice(0, at);
  if (provider?.plusTags) local = local.split("+")[0]!;
  if (provider?.ignored) local = local.replace(provider.ignored, "");
  // An address that was all tag or dots keeps its spelling rather than becoming "@gmail.com".
  return `${local || lowered.slice(0, at)}@${domain}`;
}

/** Whether two addresses reach the same mailbox. */
export const sameMailbox = (a: string, b: string): boolean => mailboxKey(a) === mailboxKey(b);
