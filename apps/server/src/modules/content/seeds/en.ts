// The English content bundled with Playfair. Everything here describes how the product works in
// general terms: no invented licences, amounts, prices or promises. Operators edit these pages
// in the database; the seed never overwrites them.
import type { ContentSeed } from "../content.repository.ts";
import { md, seedsOf, type PageText } from "./seed-types.ts";

const pages: PageText[] = [
  {
    identity: "about-us",
    title: "About Playfair",
    description: "Who we are, what you can do here and the principles we build the site on.",
    body: md`
      Playfair brings casino games and sports betting together in one account. You keep one profile,
      one multi-currency wallet and one set of limits, whether you spin a slot, play at a live table
      or follow a match.

      ## What you can do here

      - **Play casino games** from many providers, browse them by collection, keep favourites and
        pick up where you left off with your recently played games. Many games can be tried in demo
        mode first.
      - **Bet on sports** before an event starts or while it is live, across football, basketball,
        tennis, esports and many more.
      - **Hold several currencies**, fiat and crypto, side by side, and deposit or withdraw with the
        payment method that suits you.
      - **Collect rewards**: deposit bonuses, free spins, cashback, quests and loyalty levels, each
        with its conditions shown in your account.

      ## What we stand for

      **Clear rules.** Every bonus shows its conditions before you accept it, and you can see the
      state of your bonuses, bets and payments at any time in your profile and wallet.

      **Play within your means.** Gambling is entertainment, not a way to make money. You can set
      bet, loss and deposit limits, take a cooling-off break or exclude yourself whenever you need
      to. Read more on our [responsible gaming](/static/responsible-gaming) page.

      **Adults only.** You must be at least 18 years old, or older where local law says so, to open
      an account.

      **Your data, protected.** We collect only what we need to run your account and meet our legal
      duties. Our [privacy policy](/static/privacy) explains what we keep and why.

      ## Talk to us

      Questions, feedback or a problem with your account? Browse the [frequently asked
      questions](/questions) or get in touch through the [support page](/support).
    `,
  },
];

const staticPages: PageText[] = [
  {
    identity: "terms",
    title: "Terms and conditions",
    description: "The rules that apply when you open an account, play, bet, deposit and withdraw at Playfair.",
    body: md`
      These terms apply to everyone who opens an account or uses the site. Please read them carefully:
      by registering you confirm that you accept them. Where a game, promotion or bonus has its own
      rules, those rules apply as well, and they prevail for that game or offer.

      ## 1. Who can play

      - You must be at least 18 years old, or the higher age required where you live.
      - Online gambling must be legal for you where you are. Residents of some countries, including
        the United States, the United Kingdom, France and the Netherlands, cannot open an account.
      - Each person may hold one account. Accounts are personal and may not be shared, sold or used
        on someone else's behalf.

      ## 2. Your account

      - The information you give us must be true and complete, and you must keep it up to date.
      - We may ask you to verify your identity, age, address and the source of your funds before you
        withdraw, or at any other time the law or our checks require it. Until verification is
        complete, some features may be unavailable.
      - Keep your password secret. You are responsible for activity on your account unless it
        results from a failure on our side.

      ## 3. Deposits and withdrawals

      - Deposits and withdrawals are made in the currency of the wallet account you choose, through
        the payment methods offered for your country.
      - Withdrawals are normally paid back through the method used to deposit, where that method
        allows it. Payment providers may charge their own fees and apply their own processing times.
      - We may decline or delay a payment that we reasonably believe to be fraudulent, linked to money
        laundering or made from an account that does not belong to you.

      ## 4. Bets and games

      - A bet is accepted once it is confirmed on the screen. Results are settled according to the
        game's rules or, for sports, the official result of the event.
      - If a game or bet is affected by an obvious technical error, we may void the affected rounds or
        bets and return the stakes.
      - Maximum bet amounts may apply, especially while a bonus is active.

      ## 5. Bonuses

      Bonuses are optional. Each one comes with conditions, such as a wagering requirement, eligible
      games, a maximum bet and an expiry date, which are shown before you accept it. See [how our
      bonuses work](/bonus/welcome-bonus) for a general explanation.

      ## 6. Responsible gaming

      You can set limits, take a break or exclude yourself at any time from your profile. During a
      self-exclusion or cooling-off period you cannot play or bet. See the [responsible
      gaming](/static/responsible-gaming) page.

      ## 7. Closing an account

      You may close your account at any time by contacting support. We may suspend or close an
      account that breaks these terms. Any legitimate balance is paid out once checks are complete.

      ## 8. Changes to these terms

      We may update these terms, for example when the law or our services change. We will show the
      new version on this page, with its date, and ask you to accept significant changes before you
      continue to play.

      ## 9. Contact

      If you have a question about these terms or want to make a complaint, please contact us through
      the [support page](/support).
    `,
  },
  {
    identity: "privacy",
    title: "Privacy policy",
    description: "What personal data we collect, why we need it, who we share it with and the choices you have.",
    body: md`
      This policy explains how we handle your personal data when you visit the site or use your
      account. We collect only what we need to run your account, keep it safe and meet our legal
      duties.

      ## The data we collect

      | Kind of data | Examples | Why we need it |
      |---|---|---|
      | Account details | E-mail, phone number, nickname, password (stored as a hash) | To open your account and let you sign in |
      | Personal details | Name, date of birth, address, country | To confirm you are old enough and allowed to play, and to pay you |
      | Verification documents | Identity documents you upload | To meet identity and anti-money-laundering checks |
      | Payments and play | Deposits, withdrawals, bets, bonuses | To run your wallet and show your history |
      | Technical data | IP address, country, browser and device type | To keep your account secure and the site working |

      ## How we use it

      - To provide your account, wallet, games and bets.
      - To meet legal obligations, including age checks and anti-money-laundering rules.
      - To protect you and us from fraud and misuse.
      - To apply the limits you set and to support responsible gaming.
      - To send you messages about your account. Promotional e-mails and text messages are sent only
        if you agree to them, and you can stop them at any time in your notification settings.

      ## Who we share it with

      We share data only as far as needed with the services that help us run Playfair: payment
      providers to process your payments, an identity verification service to check your documents,
      game and sportsbook providers to run your game sessions, and authorities when the law requires
      it. We do not sell your personal data.

      ## How long we keep it

      We keep your data while your account is open and afterwards for as long as the law requires,
      for example for anti-money-laundering records. Data we no longer need is deleted or anonymised.

      ## Your rights

      You can ask to see the data we hold about you, to correct it, or to delete it where we are not
      required to keep it. You can also object to marketing at any time. To use these rights, contact
      us through the [support page](/support).

      ## Cookies and local storage

      How the site stores small pieces of information in your browser is described in our [cookie
      policy](/static/cookie-policy).
    `,
  },
  {
    identity: "responsible-gaming",
    title: "Responsible gaming",
    description: "Tools to keep play enjoyable: limits, cooling-off, self-exclusion and where to find help.",
    body: md`
      Gambling should be entertainment, never a way to make money or escape problems. We give you
      tools to stay in control, and we will always respect your decision to take a break.

      ## Keep it fun

      - Decide in advance how much money and time you want to spend, and stop when you reach it.
      - Only play with money you can afford to lose. Never chase losses.
      - Do not play when you are upset, tired or under the influence of alcohol.
      - Balance gambling with other activities, and take regular breaks.

      ## Limits you can set

      You set these in your profile, under [limits](/profile/limits). A limit that makes play safer
      applies at once; raising or removing a limit takes effect only after a waiting period.

      | Tool | What it does | Periods |
      |---|---|---|
      | Bet limit | Caps the total amount you can stake | Daily, weekly or monthly |
      | Loss limit | Caps how much you can lose | Daily, weekly or monthly |
      | Deposit limit | Caps how much you can deposit | Daily, weekly or monthly |
      | Cooling-off | A short break: you cannot play or deposit until it ends | A period you choose |
      | Self-exclusion | A longer break from all gambling on the site | A period you choose |

      ## Warning signs

      It may be time to stop and seek help if you:

      - spend more money or time than you intended;
      - borrow money or sell things to gamble;
      - hide your gambling from family or friends;
      - feel anxious, irritable or low when you are not playing;
      - gamble to win back what you have lost.

      ## Getting help

      If gambling is causing you problems, you are not alone. Talk to someone you trust, and contact
      a gambling help organisation in your country: many offer free and confidential advice by phone
      or chat. Gamblers Anonymous runs support groups in many countries. Our support team can also set
      a limit or an exclusion for you: reach them through the [support page](/support).

      ## Protecting minors

      Nobody under 18 may play. If you share a device with children, keep your password private, sign
      out after playing and consider parental control software.
    `,
  },
  {
    identity: "cookie-policy",
    title: "Cookie policy",
    description: "What the site stores in your browser, why, and which third-party services are involved.",
    body: md`
      Like most sites, Playfair stores small pieces of information in your browser, as cookies or in
      its local storage. This page lists what we store and why.

      ## What we store ourselves

      | Name | Where | Purpose | How long |
      |---|---|---|---|
      | Session token | Cookie | Keeps you signed in | Up to 365 days, or until you sign out |
      | Colour theme | Local storage | Remembers light, dark or system mode | Until you clear it |
      | Compact menu | Local storage | Remembers whether the side menu is collapsed | Until you clear it |
      | Affiliate tag | Local storage | Records which partner sent you to us | 30 days by default |
      | Return to game | Session storage | Brings you back to the game you left | Until the tab closes |

      These are needed for the site to work as you expect, so they cannot be switched off in the
      site itself.

      ## Third-party services

      Depending on how the site is configured, it may load services from other companies: a tag
      manager, web analytics, a retargeting pixel, session recording, a live-chat widget and a captcha
      that protects forms from bots. These services can set their own cookies, governed by their own
      policies. They are loaded only when they are configured, and never before the page itself.

      ## Your choices

      You can delete cookies and local storage at any time in your browser's settings, and most
      browsers let you block third-party cookies. If you block the session cookie you will not be able
      to stay signed in.

      For more about how we handle personal data, see our [privacy policy](/static/privacy).
    `,
  },
];

const bonusPages: PageText[] = [
  {
    identity: "welcome-bonus",
    title: "How our bonuses work",
    description: "Deposit bonuses, free spins and cashback explained: activation, wagering, limits and expiry.",
    body: md`
      Bonuses give you something extra to play with, but each one comes with conditions. This page
      explains how they work in general; the exact terms of every offer are shown in your account
      before you accept it.

      ## Kinds of bonuses

      - **Deposit bonus**: bonus money added when you make a qualifying deposit. The offer states the
        minimum deposit for each currency.
      - **Free spins**: a number of spins on a specific game, at a set bet. Winnings from free spins
        are usually credited as bonus money.
      - **Cashback**: a share of your losses over a period, returned to you.
      - **Bonus codes**: some offers are unlocked by entering a code in your wallet or profile.
      - **Quests and loyalty levels**: rewards for completing tasks and for regular play.

      ## The life of a bonus

      1. **Issued**: the bonus is available in your account. Nothing happens until you act on it.
      2. **Active**: you activated it, and its conditions now apply to your play.
      3. **Finished**: the bonus ended, because you met the wagering requirement, cancelled it, or it
         expired. Your bonus history shows which.

      You can cancel an active bonus at any time. Cancelling removes the bonus money and any
      winnings made with it.

      ## Wagering, explained

      A wagering requirement says how much you need to bet before bonus money becomes real money that
      you can withdraw. It is written as a multiple of the bonus.

      > For example, with a wagering requirement of 30 times, a bonus of 10 in your currency needs
      > bets worth 300 in total before it can be withdrawn.

      Not every game counts in full: the offer lists the games that count towards wagering. While a
      bonus is active, a maximum bet per round may apply; bets above it are refused.

      ## Expiry

      Every bonus has a time limit to activate it and to complete its wagering. When it expires, the
      remaining bonus money and its winnings are removed.

      ## Good to know

      - Bonuses are optional: you can always play with your own money only.
      - One bonus of a kind may be active at a time, depending on the offer.
      - Abusing offers, for example with several accounts, leads to bonuses being removed.

      See the [terms and conditions](/static/terms) and the [bonus questions](/questions/bonus-wagering)
      for more.
    `,
  },
];

const questions: PageText[] = [
  {
    identity: "registration",
    title: "How do I create an account?",
    description: "Sign up with your e-mail or phone number in a few steps.",
    body: md`
      Choose **Sign up** at the top of any page. You can register with your e-mail address or your
      phone number, or sign in with a supported social account.

      1. Enter your e-mail or phone number and choose a password of at least 8 characters.
      2. Pick your account currency. You can add more currencies to your wallet later.
      3. Confirm that you are at least 18 years old and accept the [terms](/static/terms).
      4. Confirm your e-mail or phone number with the code we send you.

      Each person may have one account. If you already registered, use **Sign in** or reset your
      password instead of opening a new account.
    `,
  },
  {
    identity: "verification",
    title: "Why do I need to verify my identity?",
    description: "Why we check who you are, which documents we ask for and how long it takes.",
    body: md`
      The law requires us to make sure that every player is an adult, is who they say they are and
      plays with their own money. Verification also protects your account from fraud.

      We usually ask for verification before your first withdrawal, and sometimes at other times.
      You may be asked for:

      - an identity document, such as a passport, identity card or driving licence;
      - a proof of address, such as a recent utility bill or bank statement;
      - in some cases, proof of the payment method or of the source of your funds.

      Upload documents in your profile. You can see the status of each document there: pending,
      approved or rejected. If a document is rejected, we tell you why so you can send a new one.
    `,
  },
  {
    identity: "deposits",
    title: "How do I make a deposit?",
    description: "Adding money to your wallet, choosing a payment method and what to do if a deposit is late.",
    body: md`
      Open your wallet and choose **Deposit**.

      1. Select the currency account you want to fund.
      2. Choose a payment method. The list depends on your country and currency.
      3. Enter the amount and follow the steps of the payment provider.

      Most deposits arrive within minutes. Crypto deposits are credited after the network confirms
      the transaction. You can follow the status of every payment in your wallet history: pending,
      successful or failed.

      If a deposit has not arrived after a reasonable time, check its status in your wallet history
      first, then contact [support](/support) with the payment details.
    `,
  },
  {
    identity: "withdrawals",
    title: "How do withdrawals work?",
    description: "How to withdraw, how long it takes and why a withdrawal can be held.",
    body: md`
      Open your wallet and choose **Withdraw**, pick a payment method and enter the amount. Where
      possible, we pay back through the method you used to deposit.

      Before your first withdrawal we may ask you to [verify your identity](/questions/verification).
      Payment providers have their own processing times, so how quickly the money reaches you depends
      on the method you choose.

      A withdrawal can be held when:

      - your verification is not complete;
      - an active bonus still has wagering to complete;
      - the details of the payment method do not match your account.

      While a withdrawal is pending, you can cancel it from your wallet history and the money returns
      to your balance.
    `,
  },
  {
    identity: "limits-and-self-exclusion",
    title: "How can I set limits or take a break?",
    description: "Bet, loss and deposit limits, cooling-off and self-exclusion.",
    body: md`
      Go to your profile and open **Limits**. You can set:

      - **bet**, **loss** and **deposit** limits, daily, weekly or monthly;
      - a **cooling-off** period, a short break from playing;
      - a **self-exclusion**, a longer break from all gambling on the site.

      A stricter limit applies immediately. Raising or removing a limit takes effect only after a
      waiting period, so that the decision is not made in the heat of the moment. During a
      cooling-off or self-exclusion you cannot play, bet or deposit.

      Read more on the [responsible gaming](/static/responsible-gaming) page. If you prefer, our
      [support](/support) team can set a limit for you.
    `,
  },
  {
    identity: "bonus-wagering",
    title: "What does wagering mean for a bonus?",
    description: "How wagering requirements work and when bonus money becomes withdrawable.",
    body: md`
      A wagering requirement is the amount you need to bet before bonus money, and what you win with
      it, can be withdrawn. It is a multiple of the bonus: with a requirement of 30 times, each unit of
      bonus needs 30 units of bets.

      - Only the games listed in the offer count towards wagering, and some may count only in part.
      - A maximum bet per round may apply while the bonus is active.
      - The requirement must be met before the bonus expires.

      You can follow your progress in your profile under **Bonuses**, and cancel a bonus there if you
      would rather play with your own money only. Read [how our bonuses work](/bonus/welcome-bonus)
      for the full picture.
    `,
  },
  {
    identity: "account-security",
    title: "How do I keep my account secure?",
    description: "Passwords, sessions and what to do if you think someone else used your account.",
    body: md`
      - Use a strong password that you do not use anywhere else, and never share it. We will never
        ask for your password by e-mail, phone or chat.
      - Check your active sessions in your profile under **Sessions**. You can close any session you
        do not recognise, or all sessions except the current one.
      - Keep your e-mail address and phone number up to date: we use them to confirm important
        changes and to help you recover your account.
      - Sign out when you use a shared or public device.

      If you think someone else has used your account, change your password at once, close your
      other sessions and contact [support](/support).
    `,
  },
  {
    identity: "contacting-support",
    title: "How do I contact support?",
    description: "Where to find help and what to include so we can answer quickly.",
    body: md`
      Our support team can help with your account, payments, bonuses and games. Reach them through the
      [support page](/support).

      To get an answer quickly, include:

      - the e-mail or phone number of your account (never your password);
      - what you were trying to do, and what happened instead;
      - for payments, the date, amount, currency and payment method.

      Many answers are already in these [frequently asked questions](/questions).
    `,
  },
];

export const englishContent: ContentSeed[] = [
  ...seedsOf("page", "en", pages),
  ...seedsOf("static", "en", staticPages),
  ...seedsOf("bonus", "en", bonusPages),
  ...seedsOf("question", "en", questions),
];
