import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "./config.ts";
import type { DatabaseHandle } from "./db/database.ts";
import type { SecretStore, ServiceDependencies } from "./lib/service-dependencies.ts";
import { ALTCHA_SECRET_NAME, createCaptcha, type Captcha } from "./modules/auth/captcha.ts";
import { createContactCodeService, type ContactCodeService } from "./modules/auth/contact-codes.ts";
import { createPasswordService, type PasswordService } from "./modules/auth/password.service.ts";
import { createOtpService, OTP_PEPPER_SECRET_NAME, type OtpService } from "./modules/auth/otp.service.ts";
import { createSessionService, type SessionService } from "./modules/auth/session.service.ts";
import { createContentService, type ContentService } from "./modules/content/content.service.ts";
import { createHelpOrganisationService, type HelpOrganisationService } from "./modules/content/help-organisations.ts";
import { createLedger, type Ledger } from "./modules/ledger/ledger.service.ts";
import { createLimitsService, type LimitsService } from "./modules/limits/limits.service.ts";
import { createOutbox, type Outbox } from "./modules/messaging/outbox.ts";
import { createNotificationService, type NotificationService } from "./modules/notification/notification.service.ts";
import { createPaymentService, type PaymentService } from "./modules/payment/payment.service.ts";
import { createPlayerService, type PlayerService } from "./modules/account/player.service.ts";
import { createRegistrationService, type RegistrationService } from "./modules/account/registration.ts";
import { createRealtimeService, type RealtimeService } from "./modules/realtime/realtime.service.ts";
import { createSecretStore } from "./modules/secrets/app-secrets.ts";
import { createSettingsService, type SettingsService } from "./modules/settings/settings.service.ts";
import { createSocialService, type SocialService } from "./modules/social/social.service.ts";
import { createWalletService, type WalletService } from "./modules/wallet/wallet.service.ts";
import { createGamePlayService, type GamePlayService } from "./modules/game/play/game-play.service.ts";
import type { LaunchThirdParty, RecordPlayed } from "./modules/game/play/launch.ts";
import { recordPlayedInCatalogue, thirdPartyLaunch } from "./modules/game/game-launch-wiring.ts";
import type { PlayFaults } from "./modules/game/play/rounds.ts";
import { createGameAggregatorService, type GameAggregatorService } from "./modules/game/aggregator/aggregator.service.ts";
import { createSandboxAggregator, type SandboxAggregator } from "./modules/sandbox-aggregator/sandbox-aggregator.service.ts";
import { createWalletClient } from "./modules/sandbox-aggregator/wallet-client.ts";
import { createArtworkCache, type ArtworkCache } from "./modules/game/catalogue/artwork.ts";
import { createCatalogueService, type CatalogueService } from "./modules/game/catalogue/catalogue.service.ts";
import { createSpinsService, type SpinsService } from "./modules/game/spins/spins.service.ts";
import { createCrashService, type CrashService } from "./modules/game/crash/crash.service.ts";
import type { CrashFaults } from "./modules/game/crash/crash-loop.ts";
import { createBonusService, type BonusService } from "./modules/bonus/bonus.service.ts";
import { createFreespinGames } from "./modules/game/freespin-games.ts";
import { createSportBettingService, type SportBettingService } from "./modules/sport/betting/betting.service.ts";
import { CASHOUT_SECRET_NAME } from "./modules/sport/betting/cash-out.ts";
import { SPORTSBOOK_TOKEN_SECRET_NAME } from "./modules/sport/betting/sportsbook-token.ts";
import { createSportService, type SportFeedWiring, type SportService } from "./modules/sport/sport.service.ts";

/** Every domain service of one app, decorated once as `app.services`; routes reach them only here. */
export type AppServices = {
  /** The clock of expiry rules (buildApp's `now`), for code that compares times itself. */
  now: () => Date;
  secrets: SecretStore;
  settings: SettingsService;
  content: ContentService;
  helpOrganisations: HelpOrganisationService;
  outbox: Outbox;
  captcha: Captcha;
  otp: OtpService;
  sessions: SessionService;
  players: PlayerService;
  registration: RegistrationService;
  passwords: PasswordService;
  contactCodes: ContactCodeService;
  social: SocialService;
  realtime: RealtimeService;
  ledger: Ledger;
  wallet: WalletService;
  limits: LimitsService;
  payments: PaymentService;
  notification: NotificationService;
  gamePlay: GamePlayService;
  gameAggregator: GameAggregatorService;
  sandboxAggregator: SandboxAggregator;
  catalogue: CatalogueService;
  /** Generated game and provider artwork, rendered on first use under DATA_DIR. */
  artwork: ArtworkCache;
  /** The spins history: originals and third-party rounds in one filtered list. */
  gameSpins: SpinsService;
  crash: CrashService;
  /** Bonuses: templates, player bonuses and free spins, codes, deposit offers, wagering, cashback (ADR 034). */
  bonus: BonusService;
  /** The sportsbook's trading core: token, bet slip, live delay, settlement, cash-out, bets history (ADR 035). */
  sportBetting: SportBettingService;
  /** The sportsbook: the feed (when one is wired) and its read API (ADR 035). */
  sport: SportService;
};

/** Replacements for what the originals' play takes from the catalogue and aggregator sides (tests), and fault-injection points. */
export type GamePlayWiring = { launchThirdParty?: LaunchThirdParty; recordPlayed?: RecordPlayed; faults?: PlayFaults; crashFaults?: CrashFaults };

/** The services plus their lifecycle: what buildApp hooks to the app's start and close. */
export type ServiceContainer = {
  services: AppServices;
  /**
   * Loads every generated secret and the currencies before the first request. PGlite has one
   * connection: a secret first read inside a transaction (a code consumed during registration)
   * would wait for that very transaction and hang the database. A PostgreSQL outage at start-up
   * must not stop the process (it answers 503 until the database is back); what failed to load
   * then loads on first use, which a connection pool survives.
   */
  ready(): Promise<void>;
  /** Starts the background loops (delivery outboxes, revocation polling, payment reconciler). */
  start(): void;
  /** Ends them, last started first. */
  stop(): Promise<void>;
};

/**
 * The composition root: each domain built by its own factory from the shared dependencies and
 * the services it uses, in dependency order.
 */
export function createServices(options: {
  database: DatabaseHandle;
  config: AppConfig;
  logger: FastifyBaseLogger;
  now: () => Date;
  gamePlay?: GamePlayWiring;
  /** This server's own loopback origin once it listens: where the sandbox aggregator calls our wallet by default. */
  loopbackOrigin?: () => string;
  /** The odds feed and the trading core it settles through; without it no feed runs and the sportsbook shows what is stored. */
  sportFeed?: SportFeedWiring;
}): ServiceContainer {
  const { database, config, logger, now } = options;
  const secrets = createSecretStore(database.db);
  const shared: ServiceDependencies = { db: database.db, config, logger, now, secrets };

  const settings = createSettingsService(database.db);
  const content = createContentService(database.db);
  const helpOrganisations = createHelpOrganisationService(database.db);
  const outbox = createOutbox(shared);
  const captcha = createCaptcha(shared);
  const otp = createOtpService({ ...shared, outbox });
  const sessions = createSessionService(shared);
  const players = createPlayerService({ ...shared, outbox, otp, sessions });
  const passwords = createPasswordService({ ...shared, outbox, sessions, players });
  const contactCodes = createContactCodeService({ ...shared, otp, players });
  const social = createSocialService({ ...shared, players, sessions });
  const realtime = createRealtimeService({ ...shared, sessions });
  const ledger = createLedger({ db: database.db, driver: database.driver });
  const wallet = createWalletService({ db: database.db, ledger, settings, realtime });
  const limits = createLimitsService(shared);
  const bonus = createBonusService({ ...shared, ledger, wallet, limits, realtime, settings, freespinGames: createFreespinGames() });
  // Account and payment sit below bonus: each declares the listener it calls, wired here.
  const registration = createRegistrationService({
    ...shared,
    players,
    captcha,
    otp,
    sessions,
    settings,
    onRegistered: ({ playerId, sessionId, client }) => bonus.codes.applyRegistrationCode(playerId, { sessionId, client, locale: "en" }),
  });
  const payments = createPaymentService({
    ...shared,
    ledger,
    wallet,
    limits,
    realtime,
    settings,
    depositBonuses: { validate: (request) => bonus.deposits.validate(request), credited: (tx, invoice) => bonus.deposits.credited(tx, invoice) },
  });
  const notification = createNotificationService({ ...shared, realtime });
  const catalogue = createCatalogueService({ db: database.db, now, log: (error) => logger.error({ err: error }, "recent searches not written") });
  const artwork = createArtworkCache(path.join(config.dataDir, "game-artwork"));
  const freespinPlay = { freespins: bonus.freespins, freespinLedger: bonus.freespinLedger };
  const gameAggregator = createGameAggregatorService({ ...shared, ledger, wallet, limits, settings, realtime, freespins: freespinPlay, wagering: bonus.wagering });
  // The sandbox aggregator shares only the signing secret with us, as a remote one would.
  const sandboxAggregator = createSandboxAggregator({
    db: database.db,
    logger,
    now,
    secrets: gameAggregator.signingSecrets,
    wallet: createWalletClient({
      baseUrl: () => config.aggregator.sandboxWalletUrl ?? options.loopbackOrigin?.() ?? `http://127.0.0.1:${config.port}`,
      secret: async () => (await gameAggregator.signingSecrets())[0]!,
      timeoutMs: config.aggregator.sandboxTimeoutMs,
      now,
      logger,
    }),
  });
  const gamePlay = createGamePlayService({
    ...shared,
    ledger,
    limits,
    wallet,
    realtime,
    settings,
    launchThirdParty:
      options.gamePlay?.launchThirdParty ??
      thirdPartyLaunch({
        catalogue,
        aggregator: gameAggregator,
        wallet,
        freespinOffer: (playerId, identity, currency) => bonus.freespins.offerFor(database.db, playerId, identity, currency),
        freeRounds: sandboxAggregator,
      }),
    recordPlayed: options.gamePlay?.recordPlayed ?? recordPlayedInCatalogue(catalogue),
    // The sport module sits above game: the launch reaches it through this function.
    launchSportsbook: (request, player) => sportBetting.launch(request, player),
    wagering: bonus.wagering,
    ...(options.gamePlay?.faults ? { faults: options.gamePlay.faults } : {}),
    freespins: freespinPlay,
  });
  const sportBetting = createSportBettingService({ ...shared, ledger, limits, wallet, realtime });
  const sport = createSportService({ ...shared, realtime, listener: sportBetting.settlement, ...(options.sportFeed ? { feed: options.sportFeed } : {}) });
  const crash = createCrashService({ ...shared, ledger, limits, wallet, realtime, settings, wagering: bonus.wagering, ...(options.gamePlay?.crashFaults ? { faults: options.gamePlay.crashFaults } : {}) });

  const services: AppServices = {
    now,
    secrets,
    settings,
    content,
    helpOrganisations,
    outbox,
    captcha,
    otp,
    sessions,
    players,
    registration,
    passwords,
    contactCodes,
    social,
    realtime,
    ledger,
    wallet,
    limits,
    payments,
    notification,
    gamePlay,
    gameAggregator,
    sandboxAggregator,
    catalogue,
    artwork,
    gameSpins: createSpinsService({ db: database.db, originals: gamePlay.history }),
    crash,
    bonus,
    sportBetting,
    sport,
  };

  async function ready() {
    const captchaSecret = config.accounts.captcha.provider === "altcha" && !config.accounts.captcha.altchaHmacKey ? secrets.get(ALTCHA_SECRET_NAME) : null;
    await Promise.all([sessions.ready(), secrets.get(OTP_PEPPER_SECRET_NAME), captchaSecret, secrets.get(SPORTSBOOK_TOKEN_SECRET_NAME), secrets.get(CASHOUT_SECRET_NAME)]).catch((error: unknown) =>
      logger.warn({ err: error }, "accounts secrets not loaded at start-up"),
    );
    await wallet.refreshCurrencies().catch((error: unknown) => logger.warn({ err: error }, "currencies not loaded at start-up"));
    await bonus.precisions.load().catch((error: unknown) => logger.warn({ err: error }, "bonus currencies not loaded at start-up"));
    await settings
      .listCurrencies({})
      .then((currencies) => ledger.prepareHouseAccounts(database.db, currencies.map((currency) => currency.code)))
      .catch((error: unknown) => logger.warn({ err: error }, "house accounts not prepared at start-up"));
  }

  const loops = [outbox, sessions, realtime, payments, gamePlay, crash, bonus, sportBetting, sport];
  return {
    services,
    ready,
    start() {
      for (const loop of loops) loop.start();
    },
    async stop() {
      for (const loop of [...loops].reverse()) await loop.stop();
      await notification.stop();
      await catalogue.flushRecentSearches();
    },
  };
}
