/**
 * Demo content for a new install, so a first sign-in shows a populated admin.
 * Keys are the model's column names; `image` names a file in ./images.
 */
type Row = Record<string, unknown> & { image?: string };

const lorem =
  "Stake, farm and join token presales from one dashboard. Rewards are paid per block and every pool shows its lock period up front.";

export const landingIdentifiers = ["landing_banner01", "landing_banner02", "landing_banner03", "landing_banner04"];

export const seedContent: Record<string, Row[]> = {
  landing_blocks: [
    {
      identifier: "landing_banner01",
      pageName: "Home",
      title: "Stake smarter, earn every block",
      description: lorem,
      blocks: [
        { title: "Fixed APR", description: "Lock for 90, 180 or 365 days and know your reward." },
        { title: "Audited contracts", description: "Staking, farms and presales on BNB Smart Chain." },
      ],
      image: "staking.png",
      visible: true,
    },
    {
      identifier: "landing_banner02",
      pageName: "Home",
      title: "Launchpad",
      description: "Whitelisted presales with hard caps and per-wallet limits.",
      blocks: [
        { title: "BNB or USDT", description: "Contribute in either currency.", image: "launchpad.png" },
        { title: "Claim after finalise", description: "Tokens are staked for you when the sale ends.", image: "presale.png" },
      ],
      image: "launchpad.png",
      visible: true,
    },
    {
      identifier: "landing_banner03",
      pageName: "Home",
      title: null,
      description: "Farms reward liquidity providers with a share of every block's emission.",
      blocks: [{ image: "farms.png" }],
      visible: true,
    },
    {
      identifier: "landing_banner04",
      pageName: "Roadmap",
      title: "Roadmap",
      description: "Q1 staking, Q2 launchpad, Q3 farms, Q4 cross-chain.",
      blocks: [
        { title: "Q1", description: "Staking pools live" },
        { title: "Q2", description: "Launchpad and first presales" },
        { title: "Q3", description: "Liquidity farms" },
        { title: "Q4", description: "Cross-chain bridge" },
      ],
      image: "roadmap.png",
      visible: false,
    },
  ],
  abouts: [
    {
      identifier: "landing_banner01",
      title: "Welcome",
      heading: "Stake. Farm. Launch.",
      description: lorem,
      content: "Start with as little as 1 token.",
      image: "logo.svg",
    },
  ],
  features: [
    {
      identifier: "landing_banner02",
      title: "Launchpad",
      heading: "Early access",
      description: "Presales for vetted projects.",
      content: "Whitelist rounds first.",
      image: "launchpad.png",
    },
    {
      identifier: "landing_banner02",
      title: "Farms",
      heading: "Provide liquidity",
      description: "Earn farm rewards on LP tokens.",
      content: "Deposit fees go to the treasury.",
      image: "farms.png",
    },
  ],
  feature_descriptions: [
    {
      identifier: "landing_banner03",
      title: "Road more",
      heading: "Why stake with us",
      description: "Transparent rewards, no hidden fees.",
      image: "staking.png",
    },
  ],
  roadmaps: [
    {
      identifier: "landing_banner04",
      title: "Load more",
      heading: "What comes next",
      description: "Cross-chain staking and a governance token.",
      content: "See the full roadmap.",
      image: "roadmap.png",
    },
  ],
  home_images: [{ image: "home.png" }],
  home_pages: [
    {
      identifier: "Landing_page2",
      title: "Your gateway to DeFi",
      heading: "Staking, farms and presales",
      description: lorem,
      content: "Connect a wallet to begin.",
      image: "home.png",
    },
  ],
  settings: [
    { name: "site_name", value: "Presale Staking" },
    { name: "contact_email", value: "support@example.com" },
    { name: "telegram", value: "https://t.me/example" },
    { name: "twitter", value: "https://twitter.com/example" },
  ],
  news: [
    { heading: "Staking v2 is live", description: "New lock periods of 90, 180 and 365 days.", image: "staking.png", visible: true },
    { heading: "First presale announced", description: "The whitelist opens next week.", image: "presale.png", visible: true },
    { heading: "Farms paused for upgrade", description: "Deposits resume after the audit.", image: "farms.png", visible: false },
  ],
  news_descriptions: [
    {
      title: "Staking explained",
      heading: "How rewards accrue",
      description: "<p>Rewards accrue <strong>every block</strong> and can be claimed after the lock period.</p>",
      newsLink: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      vimeoLink: "https://vimeo.com/76979871",
      image: "staking.png",
      visible: true,
    },
    {
      title: "Presale guide",
      heading: "Join a presale",
      description: "<p>Connect your wallet, check the whitelist, contribute in BNB or USDT.</p>",
      newsLink: "https://www.youtube.com/watch?v=aqz-KE-bpKQ",
      vimeoLink: null,
      image: "presale.png",
      visible: true,
    },
  ],
  articles: [
    {
      title: "Getting started",
      heading: "Getting started",
      description: "<p>Create a wallet and add BNB Smart Chain.</p>",
      description1: "<p>Buy BNB on an exchange and withdraw to your wallet.</p>",
      description2: "<p>Choose a staking pool and its lock period.</p>",
      description3: "<p>Claim your rewards when the lock ends.</p>",
      newsLink: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      vimeoLink: "https://vimeo.com/76979871",
      image: "article.png",
      visible: true,
    },
    {
      title: "Farming 101",
      heading: "Farming 101",
      description: "<p>Farms pay rewards to liquidity providers.</p>",
      image: "farms.png",
      visible: true,
    },
  ],
  article_images: [
    { slot: 1, image: "article.png" },
    { slot: 1, image: "news.png" },
    { slot: 2, image: "staking.png" },
    { slot: 3, image: "launchpad.png" },
    { slot: 4, image: "roadmap.png" },
  ],
  contact_messages: [
    {
      name: "Alice Moreau",
      email: "alice@example.com",
      website: "https://alice.example.com",
      comments: "When does the next presale open?",
    },
    { name: "Bob Chen", email: "bob@example.org", website: "", comments: "Can I unstake before the lock period ends?" },
    {
      name: "Carla Diaz",
      email: "carla@example.net",
      website: "https://carla.example.net",
      comments: "Interested in listing our token on the launchpad.",
    },
  ],
};
