import type { BlogPostDraft } from "#domain/content/blog-post.ts";
import type { SeedFaq } from "#domain/content/seed-content.ts";

/** The demo FAQs seeded into a new store, in display order. Facts are the spec's own. */
export const DEMO_FAQS: SeedFaq[] = [
  {
    question: "How long does delivery take?",
    answer:
      "Most orders are delivered within 20 minutes of payment. During big game updates it can take a little longer; if your items have not arrived within 24 hours you qualify for a refund.",
  },
  {
    question: "How do I receive my items?",
    answer:
      "After checkout one of our traders joins your game and trades or gifts the items to the Roblox username you entered at checkout. Make sure the username is spelled exactly right.",
  },
  // "Which payment methods do you accept?" is no stored answer: the FAQ writes it from the store's
  // configured payment methods (read-models/storefront/content.queries.ts, issue 47).
  {
    question: "Is buying from BloxBazaar safe?",
    answer:
      "Yes. Payments go through a trusted provider, we never ask for your Roblox password, and every order is handled by a real person from our delivery team.",
  },
  {
    question: "Do you need my Roblox password?",
    answer: "Never. We only need your Roblox username. Anyone asking for your password on our behalf is not part of our team.",
  },
  {
    question: "What if my order does not arrive?",
    answer:
      "Contact support with your order number. If an order is not delivered within 24 hours it qualifies for a refund; our team usually finishes investigating within 24 hours.",
  },
  {
    question: "How long do refunds take?",
    answer:
      "Approved refunds are processed in 3-5 business days and go back the way you paid; store credit is instant. Our Refund Policy says how long each way of paying takes to show it.",
  },
  {
    question: "Can I cancel or exchange an order?",
    answer:
      "Orders that have been delivered cannot be refunded or exchanged, and we do not offer refunds for a change of mind. If your order has not been delivered yet, contact support right away.",
  },
  {
    question: "How do rewards points work?",
    answer: "You earn points for purchases, reviews and referrals. 5000 points equal $1.00 of store credit that you can use on any order.",
  },
  {
    question: "How do I earn points with a review?",
    answer:
      "Leave a review, upload a screenshot of it from the Points tab of your dashboard, and you earn 300 points once our team approves it. Any honest review counts, good or bad: the points are the same whatever stars you give.",
  },
  {
    question: "How does the referral programme work?",
    answer: "Share your referral link from the dashboard. After 10 successful referrals you receive 5000 bonus points, worth $1.00 of store credit.",
  },
  {
    question: "Is there a minimum age?",
    answer: "You must be at least 13 years old to use BloxBazaar. Players under 18 should have a parent or guardian's permission before buying.",
  },
  {
    question: "How can I contact support?",
    answer:
      "Open the live chat: it shows how many of our team are online and how fast we answered lately. When nobody is online, email us and we reply within 24 hours.",
  },
  {
    question: "Can I use a discount code?",
    answer: "Yes. Enter your code in the discount box at checkout. Some codes need a minimum purchase, and a discount never takes an order below $0.",
  },
];

/** The demo blog posts seeded into a new store. Bodies are HTML and are sanitised when stored. */
export const DEMO_POSTS: BlogPostDraft[] = [
  {
    slug: "best-blox-fruits-for-grinding",
    title: "The Best Blox Fruits for Grinding in 2026",
    excerpt: "Levelling from the First Sea to the Third is a long road. These are the fruits that make the grind fastest, from budget picks to mythicals.",
    metaDescription:
      "Our ranking of the best Blox Fruits for grinding levels fast in 2026, from cheap starter fruits like Buddha to mythical picks like Dragon and Kitsune.",
    keywords: "blox fruits, grinding, best fruits, buddha, dragon, kitsune",
    author: "Alex Rivera",
    publishedAt: "2026-11-12T09:00:00.000Z",
    featured: true,
    content: `<p>Grinding is most of what you do in Blox Fruits, so the fruit you eat decides how quickly you reach the next sea. We tested the popular choices on quests in all three seas and ranked them by how fast they clear mobs.</p>
<h2>1. Buddha: the budget king</h2>
<p>Buddha's transformation makes your hitbox enormous, so a single swing clears a whole quest group. It is cheap, easy to use and still the most common grinding fruit on every server.</p>
<h2>2. Dough: strong once awakened</h2>
<p>Awakened Dough has wide moves with short cooldowns. It needs raids to unlock fully, but it then doubles as one of the best PvP fruits.</p>
<h2>3. Dragon and Kitsune: the mythical picks</h2>
<p>If you want to grind and look good doing it, <strong>Dragon</strong> and <strong>Kitsune</strong> combine huge area damage with fast travel. They are expensive, which is why they are the most requested permanent fruits in our shop.</p>
<h2>Tips for faster levelling</h2>
<ul>
<li>Always take the highest quest your level allows.</li>
<li>Use the 2x EXP codes the developers release with each update.</li>
<li>Pair your fruit with a sword you have mastered for bosses.</li>
</ul>
<p>Whatever you pick, a permanent fruit means you never lose it on death: browse our <a href="/shop/blox-fruits">Blox Fruits items</a> when you are ready.</p>`,
  },
  {
    slug: "pet-simulator-99-huge-pets-guide",
    title: "Pet Simulator 99: A Beginner's Guide to Huge Pets",
    excerpt: "Huge pets are the status symbol of Pet Simulator 99. Here is how they work, what they are worth and how to keep yours safe when trading.",
    metaDescription:
      "Everything a new Pet Simulator 99 player needs to know about Huge pets: how to get them, what affects their value, and how to trade safely.",
    keywords: "pet simulator 99, huge pets, trading, diamonds",
    author: "Priya Shah",
    publishedAt: "2026-11-05T15:30:00.000Z",
    featured: true,
    content: `<p>Every Pet Simulator 99 player remembers their first Huge. They are rare, they boost your damage and they are the heart of the game's trading economy.</p>
<h2>How do you get a Huge pet?</h2>
<p>Huge pets hatch from eggs at tiny odds, come from events and exclusive eggs, or are traded between players. The <em>Huge Hunter</em> gamepass raises your hatch chance, which is why it is one of the first passes serious players buy.</p>
<h2>What makes one Huge worth more than another?</h2>
<ol>
<li><strong>Rarity</strong>: event Huges stop hatching when the event ends.</li>
<li><strong>Variant</strong>: Golden, Rainbow and Shiny versions are worth far more.</li>
<li><strong>Demand</strong>: popular designs like the Huge Cat always trade well.</li>
</ol>
<h2>Trading safely</h2>
<p>Only trade through the in-game trading window, double-check every pet before you accept, and never hand over your account. When you buy from us, a trader delivers through the official trade window too.</p>
<blockquote>Tip: keep some diamonds aside. They make it much easier to balance a trade.</blockquote>`,
  },
  {
    slug: "how-to-stay-safe-buying-roblox-items",
    title: "How to Stay Safe When Buying Roblox Items Online",
    excerpt: "Scams in Roblox trading are common. Five simple rules keep your account and your money safe, wherever you shop.",
    metaDescription:
      "Five rules for buying Roblox items and Robux safely: never share your password, pay through protected methods, and know the signs of a scam.",
    keywords: "roblox safety, scams, buying robux, account security",
    author: "Sam Carter",
    publishedAt: "2026-10-28T12:00:00.000Z",
    featured: false,
    content: `<p>Buying items from another player or a shop can save you hours of grinding, but only if you do it safely. These are the rules our support team repeats every day.</p>
<h2>1. Never share your password</h2>
<p>No legitimate seller needs your password or your 2-step verification code. We only ever ask for your <strong>Roblox username</strong>.</p>
<h2>2. Pay with protected methods</h2>
<p>PayPal and card payments give you buyer protection. Be careful with anyone who insists on gift cards.</p>
<h2>3. Check the seller</h2>
<p>Look for real reviews, a support channel that answers, and a clear <a href="/refunds">refund policy</a>.</p>
<h2>4. Trade only in-game</h2>
<p>Items should move through Roblox's own trade or gift features, never through "item duplication" tricks.</p>
<h2>5. Keep your receipts</h2>
<p>Save your order number. If something goes wrong, it is the fastest way for support to help you.</p>`,
  },
  {
    slug: "adopt-me-neon-and-mega-neon-explained",
    title: "Adopt Me: Neon and Mega Neon Pets Explained",
    excerpt: "Four pets make a Neon, four Neons make a Mega Neon. Here is how ageing and fusing works in Adopt Me and when it is worth it.",
    metaDescription:
      "How Neon and Mega Neon pets work in Adopt Me: ageing pets to Full Grown, fusing four into a Neon, and what Mega Neons are worth in trades.",
    keywords: "adopt me, neon pets, mega neon, trading",
    author: "Priya Shah",
    publishedAt: "2026-10-14T10:00:00.000Z",
    featured: false,
    content: `<p>Neon pets glow, Mega Neons shimmer through every colour, and both are worth far more than a regular pet of the same kind.</p>
<h2>Making a Neon</h2>
<p>Age four copies of the same pet to <strong>Full Grown</strong>, then fuse them at the Neon Cave. Ageing potions save you days of tasks.</p>
<h2>Making a Mega Neon</h2>
<p>Age four Neons of the same pet to <strong>Luminous</strong> and fuse them again. That is sixteen pets in total, which is why Mega Neons are rare.</p>
<h2>Is it worth it?</h2>
<p>For legendary pets like the Shadow Dragon or Frost Dragon, a Mega Neon is one of the most valuable things you can own in Adopt Me. For common pets, the effort rarely pays off in trades.</p>`,
  },
  {
    slug: "murder-mystery-2-godly-knives-value-guide",
    title: "Murder Mystery 2 Godly Knives: A Value Guide",
    excerpt: "Chromas, ancients and godlies: what sets the value of an MM2 knife, and how to avoid overpaying.",
    metaDescription: "A guide to Murder Mystery 2 knife values: godlies, chromas and ancients, what drives their price and how to trade without overpaying.",
    keywords: "murder mystery 2, mm2, godly knives, chroma, values",
    author: "Jordan Lee",
    publishedAt: "2026-09-30T18:00:00.000Z",
    featured: false,
    content: `<p>Murder Mystery 2 has one of the oldest trading communities on Roblox, and knife values move with every event.</p>
<h2>The tiers</h2>
<ul>
<li><strong>Godly</strong>: the main trading currency, from boxes and events.</li>
<li><strong>Chroma</strong>: colour-cycling versions of godlies, far rarer.</li>
<li><strong>Ancient</strong>: from old events, mostly traded between collectors.</li>
</ul>
<h2>What moves prices</h2>
<p>Event knives rise once the event ends, and sets of a knife and its matching gun trade at a premium. Check several value lists before a big trade.</p>`,
  },
  {
    slug: "grow-a-garden-beginner-tips",
    title: "Grow a Garden: 7 Tips for a Faster Start",
    excerpt: "New to Grow a Garden? These seven tips help you earn Sheckles faster, pick the right seeds and protect your best crops.",
    metaDescription: "Seven beginner tips for Roblox's Grow a Garden: which seeds to plant first, how mutations work and how to earn Sheckles faster.",
    keywords: "grow a garden, roblox, seeds, sheckles, mutations",
    author: "Alex Rivera",
    publishedAt: "2026-09-18T08:00:00.000Z",
    featured: false,
    content: `<p>Grow a Garden looks relaxed, but a good first hour makes a huge difference to how fast your garden grows.</p>
<ol>
<li>Plant multi-harvest crops early: they keep paying out.</li>
<li>Sell often in the first hour to afford better seeds.</li>
<li>Watch the weather: rain and storms cause valuable mutations.</li>
<li>Save a rare seed or two rather than selling everything.</li>
<li>Join the events for limited seeds.</li>
<li>Upgrade your watering can before your sprinklers.</li>
<li>Pets give passive boosts; even a common one helps.</li>
</ol>
<p>Want a head start? Our <a href="/shop/grow-a-garden">Grow a Garden items</a> include seed packs and pets.</p>`,
  },
  {
    slug: "robux-explained-what-you-can-buy",
    title: "Robux Explained: What You Can Buy and How Packs Work",
    excerpt: "Robux is Roblox's currency for gamepasses, avatar items and in-game boosts. Here is what it buys and how our Robux packs are delivered.",
    metaDescription: "What Robux is, what you can spend it on in Roblox, and how Robux packs bought from BloxBazaar are delivered to your account.",
    keywords: "robux, roblox currency, gamepasses, robux packs",
    author: "Sam Carter",
    publishedAt: "2026-08-30T14:00:00.000Z",
    featured: false,
    content: `<p>Robux is the currency that runs Roblox: creators sell gamepasses and items for it, and players spend it on avatars, boosts and more.</p>
<h2>What can you buy?</h2>
<ul>
<li>Gamepasses such as 2x Mastery or VIP areas</li>
<li>Avatar clothing and accessories</li>
<li>Developer products like in-game currency</li>
</ul>
<h2>How our packs are delivered</h2>
<p>You create a gamepass priced at the pack's amount and we buy it, so the Robux arrive in your account through Roblox's own system. Support walks you through it in live chat if you need help.</p>`,
  },
];
