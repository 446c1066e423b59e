import AccountBalanceIcon from "@mui/icons-material/AccountBalance";
import ArticleIcon from "@mui/icons-material/Article";
import AgricultureIcon from "@mui/icons-material/Agriculture";
import BlockIcon from "@mui/icons-material/Block";
import CollectionsIcon from "@mui/icons-material/Collections";
import DashboardIcon from "@mui/icons-material/Dashboard";
import DescriptionIcon from "@mui/icons-material/Description";
import HistoryIcon from "@mui/icons-material/History";
import HomeIcon from "@mui/icons-material/Home";
import ImageIcon from "@mui/icons-material/Image";
import InfoIcon from "@mui/icons-material/Info";
import KeyIcon from "@mui/icons-material/Key";
import LoginIcon from "@mui/icons-material/Login";
import MailIcon from "@mui/icons-material/Mail";
import NewspaperIcon from "@mui/icons-material/Newspaper";
import NotesIcon from "@mui/icons-material/Notes";
import PeopleIcon from "@mui/icons-material/People";
import ReceiptLongIcon from "@mui/icons-material/ReceiptLong";
import RocketLaunchIcon from "@mui/icons-material/RocketLaunch";
import SecurityIcon from "@mui/icons-material/Security";
import SettingsIcon from "@mui/icons-material/Settings";
import TimelineIcon from "@mui/icons-material/Timeline";
import VerifiedUserIcon from "@mui/icons-material/VerifiedUser";
import ViewQuiltIcon from "@mui/icons-material/ViewQuilt";
import WebhookIcon from "@mui/icons-material/Webhook";
import WebIcon from "@mui/icons-material/Web";
import { aboutTable } from "./resources/About/table";
import { articleTable } from "./resources/Article/table";
import { featureDescriptionTable } from "./resources/FeatureDescription/table";
import { featureTable } from "./resources/Feature/table";
import { homePageTable } from "./resources/HomePage/table";
import { newsDescriptionTable } from "./resources/NewsDescription/table";
import { newsTable } from "./resources/News/table";
import { roadmapLabels } from "./resources/Roadmap/labels";
import { roadmapTable } from "./resources/Roadmap/table";
import { settingTable } from "./resources/Setting/table";
import type { Screen } from "./screen";
import { bookOf } from "./ui/screens";

/** The route of the sidebar's Landing entry (the Home screen below), which opens the group of every landing screen. */
const LANDING = "Home";

/** The four article-image screens, /Articles1 to /Articles4: one GraphQL type with a fixed slot. */
const ARTICLE_IMAGE_SLOTS = [1, 2, 3, 4];

const articleImages = (slot: number): Screen => ({
  route: `Articles${slot}`,
  type: "ArticleImage",
  filter: { slot },
  defaults: { slot },
  list: () => import("./resources/ArticleImage/ArticleImageList").then((m) => m.ArticleImageList),
  icon: CollectionsIcon,
  menu: { label: `app.dashboard.article_images_${slot}`, group: LANDING },
  dashboard: { label: `app.dashboard.article_images_${slot}` },
});

/** In sidebar order; the dashboard's cards and chips also follow this order. */
export const SCREENS: Screen[] = [
  {
    route: "Dashboard",
    page: () => import("./pages/Dashboard").then((m) => m.default),
    icon: DashboardIcon,
    menu: { label: "app.menu.dashboard" },
  },
  {
    route: "Users",
    type: "User",
    list: () => import("./resources/User/UserList").then((m) => m.UserList),
    recordRepresentation: "name",
    icon: PeopleIcon,
    menu: { label: "app.menu.admin" },
    dashboard: { label: "app.dashboard.users", card: true },
  },
  {
    // Custom roles as a grid of resources × actions; the built-in ones shown read-only.
    route: "Roles",
    type: "Role",
    list: () => import("./resources/Role/RoleList").then((m) => m.RoleList),
    recordRepresentation: "name",
    icon: VerifiedUserIcon,
    menu: { label: "app.menu.roles" },
  },
  {
    route: "Setting",
    type: "Setting",
    list: () => import("./resources/Setting/SettingList").then((m) => m.SettingList),
    table: settingTable,
    recordRepresentation: "name",
    icon: SettingsIcon,
    menu: { label: "resources.Setting.title", group: LANDING },
    dashboard: { label: "app.dashboard.settings", card: true, path: "/setting" },
  },
  {
    route: "LaunchPad",
    type: "LaunchPad",
    list: () => import("./resources/LaunchPad/LaunchPadList").then((m) => m.LaunchPadList),
    recordRepresentation: "presaleAddress",
    icon: RocketLaunchIcon,
    menu: { label: "app.menu.launchpad" },
    dashboard: { label: "app.dashboard.launchpad", card: true },
  },
  {
    route: "About",
    type: "About",
    list: () => import("./resources/About/AboutList").then((m) => m.AboutList),
    table: aboutTable,
    recordRepresentation: "title",
    icon: InfoIcon,
    menu: { label: "resources.About.title", group: LANDING },
    dashboard: { label: "app.dashboard.about", card: true, path: "/about" },
  },
  {
    route: "blocklist",
    type: "BlocklistEntry",
    list: () => import("./resources/BlocklistEntry/BlocklistList").then((m) => m.BlocklistList),
    recordRepresentation: "walletAddress",
    icon: BlockIcon,
    menu: { label: "app.menu.blocklist" },
  },
  {
    route: "Home",
    type: "LandingBlock",
    list: () => import("./resources/LandingBlock/LandingList").then((m) => m.LandingList),
    recordRepresentation: "identifier",
    icon: WebIcon,
    menu: { label: "app.menu.landing" },
  },
  {
    route: "News",
    type: "News",
    list: () => import("./resources/News/NewsList").then((m) => m.NewsList),
    table: newsTable,
    recordRepresentation: "heading",
    icon: NewspaperIcon,
    menu: { label: "app.menu.news" },
  },
  {
    route: "Newsdescription",
    type: "NewsDescription",
    list: () => import("./resources/NewsDescription/NewsDescriptionList").then((m) => m.NewsDescriptionList),
    table: newsDescriptionTable,
    recordRepresentation: "title",
    icon: DescriptionIcon,
    menu: { label: "app.menu.news_description" },
  },
  {
    route: "Articles",
    type: "Article",
    list: () => import("./resources/Article/ArticleList").then((m) => m.ArticleList),
    table: articleTable,
    recordRepresentation: "title",
    icon: ArticleIcon,
    menu: { label: "app.menu.latest_articles" },
  },
  {
    route: "transactions",
    type: "ChainTransaction",
    list: () => import("./resources/ChainTransaction/ChainTransactionList").then((m) => m.ChainTransactionList),
    recordRepresentation: "hash",
    icon: ReceiptLongIcon,
    menu: { label: "app.menu.transactions" },
  },
  {
    // Every pending Safe multisig transaction: confirm, execute or reject, across Safes and contracts.
    route: "SafeTransactions",
    page: () => import("./pages/SafeTransactionsPage").then((m) => m.default),
    icon: AccountBalanceIcon,
    grantedBy: { type: "SafeTransaction", action: "read" },
    menu: { label: "app.menu.safe_transactions" },
  },
  {
    route: "signins",
    type: "SignInEvent",
    list: () => import("./resources/SignInEvent/SignInList").then((m) => m.SignInList),
    recordRepresentation: "email",
    icon: LoginIcon,
    menu: { label: "app.menu.sign_ins" },
  },
  {
    // The audit trail: who changed what, for administrators.
    route: "Activity",
    type: "AuditEvent",
    list: () => import("./resources/AuditEvent/ActivityList").then((m) => m.ActivityList),
    icon: HistoryIcon,
    menu: { label: "app.menu.activity" },
  },
  {
    // Every user's API tokens, for administrators (each user's own are on the Security page).
    route: "ApiTokens",
    type: "ApiToken",
    list: () => import("./resources/ApiToken/ApiTokenList").then((m) => m.ApiTokenList),
    recordRepresentation: "name",
    icon: KeyIcon,
    // Tokens are not in the permission grid: the gateway shows everyone's to whoever may manage users.
    grantedBy: { type: "User", action: "update" },
    menu: { label: "app.menu.api_tokens" },
  },
  {
    // Signed webhooks: endpoints, their delivery logs; whoever the grid lets read Webhook (admins).
    route: "Webhooks",
    page: () => import("./pages/webhooks/WebhooksPage").then((m) => m.default),
    icon: WebhookIcon,
    grantedBy: { type: "Webhook", action: "read" },
    menu: { label: "app.menu.webhooks" },
  },
  {
    route: "Security",
    page: () => import("./pages/SecurityPage").then((m) => m.default),
    icon: SecurityIcon,
    menu: { label: "app.menu.security" },
  },
  {
    route: "Feature",
    type: "Feature",
    list: () => import("./resources/Feature/FeatureList").then((m) => m.FeatureList),
    table: featureTable,
    recordRepresentation: "title",
    icon: ViewQuiltIcon,
    menu: { label: "resources.Feature.title", group: LANDING },
    dashboard: { label: "resources.Feature.title" },
  },
  {
    route: "featruedes",
    type: "FeatureDescription",
    list: () => import("./resources/FeatureDescription/FeatureDescriptionList").then((m) => m.FeatureDescriptionList),
    table: featureDescriptionTable,
    recordRepresentation: "title",
    icon: NotesIcon,
    menu: { label: "resources.featruedes.title", group: LANDING },
    dashboard: { label: "resources.featruedes.title" },
  },
  {
    route: "Roadmap",
    type: "Roadmap",
    list: () => import("./resources/Roadmap/RoadmapList").then((m) => m.RoadmapList),
    table: roadmapTable,
    labels: roadmapLabels,
    recordRepresentation: "title",
    icon: TimelineIcon,
    menu: { label: "resources.Roadmap.title", group: LANDING },
    dashboard: { label: "resources.Roadmap.title" },
  },
  {
    route: "Farms",
    type: "Pool",
    list: () => import("./resources/Pool/FarmList").then((m) => m.FarmList),
    recordRepresentation: "lpSymbol",
    icon: AgricultureIcon,
    menu: { label: "resources.Farms.title", group: LANDING },
    dashboard: { label: "resources.Farms.title" },
  },
  {
    route: "Homepages",
    type: "HomePage",
    list: () => import("./resources/HomePage/HomePageList").then((m) => m.HomePageList),
    table: homePageTable,
    recordRepresentation: "title",
    icon: HomeIcon,
    menu: { label: "resources.Homepages.title", group: LANDING },
    dashboard: { label: "resources.Homepages.title" },
  },
  {
    route: "Homeimage",
    type: "HomeImage",
    list: () => import("./resources/HomeImage/HomeImageList").then((m) => m.HomeImageList),
    icon: ImageIcon,
    menu: { label: "resources.Homeimage.title", group: LANDING },
    dashboard: { label: "resources.Homeimage.title" },
  },
  {
    route: "ContactUs",
    type: "ContactMessage",
    list: () => import("./resources/ContactMessage/ContactList").then((m) => m.ContactList),
    recordRepresentation: "name",
    icon: MailIcon,
    menu: { label: "resources.ContactUs.title", group: LANDING },
    dashboard: { label: "resources.ContactUs.title" },
  },
  ...ARTICLE_IMAGE_SLOTS.map(articleImages),
  {
    route: "Stake",
    page: () => import("./pages/ChainPlaceholder").then((m) => m.StakePage),
    dashboard: { label: "app.chain.stake" },
  },
  {
    route: "ManageSale",
    page: () => import("./pages/ManageSale").then((m) => m.default),
    withId: true,
  },
  // Created from the Road More Edit screen's 'Add IP Address' dialog (resources/IpWhitelistEntry/).
  { route: "IpWhitelist", type: "IpWhitelistEntry" },
];

/** The screens, as the app looks them up (Root gives it to everything below through ui/screens.tsx). */
export const SCREEN_BOOK = bookOf(SCREENS);
