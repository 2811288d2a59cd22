-- Demo data: a living forum for a newcomer's first `npm start`, and what the benchmark and backend tests read.
-- Applied once on an empty database of the local stack (supabase/local), never on a hosted project: it writes
-- auth.users and auth.identities directly, with demo accounts whose passwords are published. Every insert is
-- "on conflict do nothing" with fixed or name-derived ids, so applying it twice adds nothing.
-- It runs as the database owner: the guards of 20261101000400_triggers.sql let it set roles, pins and dates, and
-- the reply triggers keep reply_count and last_reply_at.
--
-- Demo accounts (local only): admin@guapcoin.local / guapadmin123, mod@guapcoin.local / guapmod123,
-- member@guapcoin.local / guapmember123. The other community members cannot sign in (unpublished password).

-- The local stack's mailbox table exists nowhere else: anywhere else, stop before the first write.
do $$
begin
  if not exists (
    select 1 from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'local' and c.relname = 'mail'
  ) then
    raise exception 'supabase/seed.sql is for the local stack only (npm start): it creates demo accounts with published passwords'
      using hint = 'Do not load it into a hosted Supabase project; create your accounts through sign-up instead.',
            errcode = '42501';
  end if;
end $$;

-- ---------------------------------------------------------------------------------------------------------------
-- Categories: three types, several subcategories each.
insert into public.categories (id, name, description, slug, color, type, order_index)
select md5('guap-seed-category:' || v.slug)::uuid, v.name, v.description, v.slug, v.color, v.type, v.order_index
from (values
  ('Announcements', 'Official news, releases and events from the GuapCoin team.', 'announcements', '#f5b700', 'guapcoin', 1),
  ('GuapCoin General', 'Everything about GUAPX: the project, the community, the vision.', 'guapcoin-general', '#eab308', 'guapcoin', 2),
  ('Mining & Staking', 'Masternodes, staking rewards, pools and hardware.', 'mining-staking', '#22c55e', 'guapcoin', 3),
  ('Wallets & Nodes', 'Desktop, mobile and web wallets; running a full node.', 'wallets-nodes', '#3b82f6', 'guapcoin', 4),
  ('Development', 'Roadmap, code, integrations and proposals.', 'development', '#8b5cf6', 'guapcoin', 5),
  ('Market Talk', 'Prices, charts and the wider market. Not financial advice.', 'market-talk', '#ef4444', 'crypto', 1),
  ('Bitcoin & Altcoins', 'Discussion of other chains and projects.', 'bitcoin-altcoins', '#f97316', 'crypto', 2),
  ('DeFi & Web3', 'Liquidity, bridges, DEXs and on-chain apps.', 'defi-web3', '#06b6d4', 'crypto', 3),
  ('Trading Strategies', 'Risk management, DCA, bots and journaling.', 'trading-strategies', '#14b8a6', 'crypto', 4),
  ('Crypto News', 'Regulation, exchanges and industry headlines.', 'crypto-news', '#64748b', 'crypto', 5),
  ('Getting Started', 'New here? Start with these guides and ask anything.', 'getting-started', '#10b981', 'support', 1),
  ('Technical Support', 'Wallet sync problems, errors and troubleshooting.', 'technical-support', '#0ea5e9', 'support', 2),
  ('Security & Scams', 'Keep your coins safe; report phishing and scams.', 'security-scams', '#dc2626', 'support', 3),
  ('Forum Feedback', 'Suggestions and bug reports about this forum.', 'forum-feedback', '#a855f7', 'support', 4)
) as v (name, description, slug, color, type, order_index)
on conflict do nothing;

-- ---------------------------------------------------------------------------------------------------------------
-- People: the three demo accounts and five community members. handle_new_user() makes their profiles.
create temporary table seed_people (
  key text primary key,
  id uuid not null,
  email text not null,
  username text not null,
  display_name text,
  role text not null,
  bio text,
  reputation integer not null,
  joined_days_ago integer not null,
  password_hash text not null
);

insert into seed_people values
  ('admin', 'a0000000-0000-4000-8000-000000000001', 'admin@guapcoin.local', 'guapadmin', 'GuapCoin Admin', 'admin',
   'Core team. Keeping the lights on and the forum friendly.', 980, 120,
   '$2a$10$fEJXZZxLD9pgP.Vp8wzTb.BryNnLyBbeaYhBmoIFc3ok8nrA2XYYC'),
  ('mod', 'a0000000-0000-4000-8000-000000000002', 'mod@guapcoin.local', 'guapmod', 'Forum Moderator', 'moderator',
   'Community moderator. DM me if you spot spam or a scam.', 640, 110,
   '$2a$10$YQeKmxemRXHayr/.FacsBukN6lKcyf1ntpWyii5HanvNi6fcTaJpy'),
  ('member', 'a0000000-0000-4000-8000-000000000003', 'member@guapcoin.local', 'guapmember', 'Guap Member', 'user',
   'Holder since the first exchange listing. Learning something new every day.', 120, 90,
   '$2a$10$cgUH6.Ue84iuO9aX5fCu0.DWBiG3Wz90y6IuexqbAMDDpSMN661T.'),
  ('satoshi', 'a0000000-0000-4000-8000-000000000011', 'satoshi.nakamoney@members.guapcoin.local', 'satoshi_nakamoney',
   'Satoshi Nakamoney', 'user', 'Stacking sats and GUAPX. Long-term thinker.', 410, 100,
   '$2a$10$D9f4.XlfF8G6/OFBoBqpN.Tyr7u6lu2MlvfMsceAjA56U/u2bHRG.'),
  ('hodl', 'a0000000-0000-4000-8000-000000000012', 'hodl.queen@members.guapcoin.local', 'hodl_queen', 'HODL Queen',
   'user', 'Diamond hands, paper notes. Staking enthusiast.', 355, 95,
   '$2a$10$D9f4.XlfF8G6/OFBoBqpN.Tyr7u6lu2MlvfMsceAjA56U/u2bHRG.'),
  ('builder', 'a0000000-0000-4000-8000-000000000013', 'blockbuilder@members.guapcoin.local', 'blockbuilder',
   'Block Builder', 'user', 'Full-stack dev, building tools for the GuapCoin ecosystem.', 290, 80,
   '$2a$10$D9f4.XlfF8G6/OFBoBqpN.Tyr7u6lu2MlvfMsceAjA56U/u2bHRG.'),
  ('carla', 'a0000000-0000-4000-8000-000000000014', 'crypto.carla@members.guapcoin.local', 'crypto_carla',
   'Carla', 'user', 'Chart watcher. Everything I post is not financial advice.', 175, 60,
   '$2a$10$D9f4.XlfF8G6/OFBoBqpN.Tyr7u6lu2MlvfMsceAjA56U/u2bHRG.'),
  ('node', 'a0000000-0000-4000-8000-000000000015', 'node.runner@members.guapcoin.local', 'node_runner',
   'Node Runner', 'user', 'Running masternodes on a Raspberry Pi cluster since 2021.', 230, 70,
   '$2a$10$D9f4.XlfF8G6/OFBoBqpN.Tyr7u6lu2MlvfMsceAjA56U/u2bHRG.');

-- The token columns are '' rather than null: GoTrue cannot read a null there.
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_token, recovery_token,
  email_change_token_new, email_change, raw_app_meta_data, raw_user_meta_data, created_at, updated_at
)
select '00000000-0000-0000-0000-000000000000', p.id, 'authenticated', 'authenticated', p.email, p.password_hash,
       now() - make_interval(days => p.joined_days_ago), '', '', '', '',
       '{"provider": "email", "providers": ["email"]}'::jsonb,
       jsonb_build_object('username', p.username),
       now() - make_interval(days => p.joined_days_ago), now() - make_interval(days => p.joined_days_ago)
from seed_people p
on conflict do nothing;

insert into auth.identities (id, provider_id, user_id, identity_data, provider, created_at, updated_at)
select p.id, p.id::text, p.id,
       jsonb_build_object('sub', p.id::text, 'email', p.email, 'email_verified', true, 'phone_verified', false),
       'email', now() - make_interval(days => p.joined_days_ago), now() - make_interval(days => p.joined_days_ago)
from seed_people p
on conflict do nothing;

update public.profiles pr
set role = p.role, display_name = p.display_name, bio = p.bio, reputation = p.reputation
from seed_people p
where pr.id = p.id and (pr.role, pr.display_name, pr.bio, pr.reputation)
  is distinct from (p.role, p.display_name, p.bio, p.reputation);

-- ---------------------------------------------------------------------------------------------------------------
-- Threads, each with its opening post. days_ago spreads them over the past weeks.
create temporary table seed_threads (
  slug text primary key,
  title text not null,
  category text not null,
  author text not null,
  days_ago numeric not null,
  pinned boolean not null default false,
  locked boolean not null default false,
  ad boolean not null default false,
  replies integer not null,
  content text not null
);

insert into seed_threads (slug, title, category, author, days_ago, pinned, locked, ad, replies, content) values
('welcome-to-the-guapcoin-forum-read-this-first', 'Welcome to the GuapCoin Forum: read this first', 'announcements',
 'admin', 34, true, false, false, 6, $md$# Welcome to the GuapCoin community!

This is the official home for **GUAPX** holders, builders and the curious.

- Browse the categories on the left: *GuapCoin*, *Crypto* and *Support*.
- Introduce yourself in **GuapCoin General**.
- Stuck? Ask in **Technical Support** and include your wallet version.

Be kind, stay on topic, and never share your seed phrase with anyone.$md$),
('forum-rules-and-code-of-conduct', 'Forum rules and code of conduct', 'announcements', 'mod', 33.5, true, false, false,
 2, $md$## The short version

1. No spam, shilling or referral links.
2. No price manipulation or pump groups.
3. Respect other members: attack ideas, not people.
4. **Never** post private keys or seed phrases, not even "old" ones.
5. Report scams to the moderators via private message.

Breaking the rules can lead to a ban. Thanks for keeping this place useful!$md$),
('getting-started-buying-your-first-guapx', 'Getting started: buying and storing your first GUAPX', 'getting-started',
 'mod', 31, true, false, false, 5, $md$A step-by-step guide for newcomers:

1. **Pick a wallet.** The official desktop wallet or a mobile wallet with GUAPX support.
2. **Back up your recovery phrase** on paper. Two copies, two places.
3. **Buy GUAPX** on one of the listed exchanges.
4. **Withdraw to your own wallet**: not your keys, not your coins.

Questions? Reply below and we will update this guide.$md$),
('guapx-price-and-market-megathread', 'GUAPX price discussion and market megathread', 'market-talk', 'carla', 30, false,
 false, false, 200, $md$Keep all the short-term price talk here so the other categories stay readable.

- Charts welcome, screenshots better with the timeframe visible.
- **Not financial advice**: nobody here knows tomorrow's price.

Let's hear it: where do you think GUAPX is heading this quarter?$md$),
('wallet-v1-is-deprecated-migration-guide', 'Wallet v1.x is deprecated: migration guide', 'wallets-nodes', 'admin', 28,
 false, true, false, 3, $md$Wallet **v1.x** stops syncing at the next network upgrade.

### What to do
1. Back up `wallet.dat` and your recovery phrase.
2. Install **v2.3** from the official site only.
3. Open it once; it migrates the wallet file automatically.

This thread is locked to keep the instructions clean. Ask questions in Technical Support.$md$),
('sponsored-hardware-wallet-bundle-with-guapx-support', '[Sponsored] Hardware wallet bundle with native GUAPX support',
 'guapcoin-general', 'admin', 12, false, false, true, 1, $md$**Partner offer:** a hardware wallet bundle with native GUAPX support and a steel backup plate.

- Ships worldwide
- 10% off for forum members this month

*Sponsored post. The team does not hold your keys, and neither should anyone else.*$md$),
('introduce-yourself-2026', 'Introduce yourself: who are you and how did you find GuapCoin?', 'guapcoin-general',
 'member', 27, false, false, false, 8, $md$New here and want to say hi? Tell us:

- where you are from,
- how you found GuapCoin,
- what you hope to get out of the community.

I will start: long-time lurker, first post. Found GUAPX through a friend who runs a masternode.$md$),
('what-makes-guapcoin-different', 'What makes GuapCoin different from other community coins?', 'guapcoin-general',
 'satoshi', 25, false, false, false, 7, $md$I get asked this a lot by friends, so let's collect good answers.

My take:
- a community that actually builds things,
- **fast, cheap transactions** that work for small payments,
- a team that shows up on the forum.

What would you add?$md$),
('masternode-setup-guide-2026', 'Masternode setup guide (2026 edition)', 'mining-staking', 'node', 24, false, false,
 false, 6, $md$## Requirements
- a VPS with 2 GB of RAM, or a Raspberry Pi 4
- the collateral in a single transaction
- a static IP address

## Steps
1. Send the collateral to a new address in your wallet.
2. Wait for **15 confirmations**.
3. Generate the masternode key and add the line to `masternode.conf`.

Post your questions below, I check this thread daily.$md$),
('staking-rewards-changed-after-the-upgrade', 'Staking rewards changed after the upgrade?', 'mining-staking', 'hodl',
 19, false, false, false, 4, $md$Since the last upgrade my daily staking rewards look about 8% lower.

Is this the scheduled reward reduction, or is my wallet not staking properly? `getstakinginfo` says `staking: true`.$md$),
('best-vps-providers-for-running-a-node', 'Best VPS providers for running a node?', 'mining-staking', 'builder', 16,
 false, false, false, 5, $md$Looking for a cheap but reliable VPS for a node.

What are you using, and what uptime are you getting? Bonus points for providers that accept crypto.$md$),
('mobile-wallet-beta-feedback', 'Mobile wallet beta: feedback thread', 'wallets-nodes', 'admin', 15, false, false,
 false, 8, $md$The **mobile wallet beta** is out for testers.

Please report:
- device and OS version,
- what you did,
- what happened and what you expected.

Screenshots help a lot. Thank you for testing!$md$),
('how-to-run-a-full-node-on-a-raspberry-pi', 'How to run a full node on a Raspberry Pi 5', 'wallets-nodes', 'node',
 11, false, false, false, 3, $md$A Pi 5 with an SSD runs a full node comfortably.

```bash
sudo apt install build-essential libssl-dev
./guapcoind -daemon
./guapcoin-cli getblockchaininfo
```

Initial sync took about 9 hours on mine. Use an SSD, never an SD card.$md$),
('roadmap-q1-proposals', 'Roadmap: proposals for the next quarter', 'development', 'builder', 21, false, false, false,
 6, $md$Let's gather proposals for the next quarter's roadmap.

Ideas so far:
- a **block explorer API** with webhooks,
- merchant payment plugin for popular shops,
- better **testnet faucet**.

Add yours, and +1 the ones you care about.$md$),
('payment-plugin-for-online-shops', 'Open-source GUAPX payment plugin for online shops', 'development', 'builder', 9,
 false, false, false, 4, $md$I am building an open-source plugin so small shops can accept **GUAPX**.

Current status:
- [x] invoice generation with QR code
- [x] payment detection via the explorer API
- [ ] refunds

Looking for testers with a real shop.$md$),
('bitcoin-halving-aftermath', 'Bitcoin halving aftermath: what did we learn?', 'bitcoin-altcoins', 'satoshi', 26,
 false, false, false, 5, $md$Now that the dust has settled, what actually happened after the halving?

- miner revenue dropped, hashrate dipped then recovered,
- fees spiked for a week.

How did it affect smaller coins like ours?$md$),
('ethereum-layer-2-fees-comparison', 'Ethereum layer 2 fees compared', 'bitcoin-altcoins', 'carla', 18, false, false,
 false, 3, $md$Quick comparison of what I paid this week for a simple transfer:

| Network | Fee |
|---|---|
| Mainnet | $2.10 |
| Rollup A | $0.04 |
| Rollup B | $0.02 |

Still not as cheap as a GUAPX transfer.$md$),
('solana-vs-guapcoin-for-payments', 'Solana vs GuapCoin for everyday payments', 'bitcoin-altcoins', 'member', 7, false,
 false, false, 2, $md$Honest question: for paying a coffee, why would a shop pick GUAPX over Solana or a stablecoin?

I like GuapCoin, I just want good arguments when friends ask.$md$),
('providing-liquidity-risks-explained', 'Providing liquidity: impermanent loss explained simply', 'defi-web3', 'hodl', 23,
 false, false, false, 4, $md$Impermanent loss confused me for months, so here is the simple version:

> If one token of the pair moves a lot in price, you end up with more of the token that fell.

You earn fees, but they do not always make up for it. Do the maths before adding liquidity.$md$),
('bridging-guapx-safely', 'Bridging GUAPX to other chains: is it safe?', 'defi-web3', 'member', 13, false, false,
 false, 5, $md$I saw a wrapped GUAPX on another chain. Is that official?

Bridges have been hacked many times, so I would like to know who holds the locked coins before I try it.$md$),
('dca-vs-lump-sum', 'DCA vs lump sum: what works for you?', 'trading-strategies', 'carla', 22, false, false, false,
 6, $md$I have been buying a fixed amount **every Friday** for a year. Boring, but it works for me.

Who here prefers lump sum, and why? Any data to share?$md$),
('keeping-a-trading-journal', 'Keeping a trading journal changed my results', 'trading-strategies', 'satoshi', 10,
 false, false, false, 2, $md$Six months ago I started writing down every trade: entry, exit, reason, emotion.

- I stopped revenge trading.
- I found that my Monday trades were mostly bad.

Do you keep one? Spreadsheet, app or paper?$md$),
('exchange-listing-rumours', 'Exchange listing rumours: please read before posting', 'crypto-news', 'mod', 17, false,
 false, false, 3, $md$Every week someone posts "GUAPX listing on a big exchange tomorrow!!!".

**Official listings are announced by the team in Announcements only.** Anything else is a rumour, and often a pump-and-dump setup.$md$),
('new-crypto-tax-rules', 'New crypto tax reporting rules: what changes for holders?', 'crypto-news', 'hodl', 6, false,
 false, false, 4, $md$Several countries are introducing new reporting rules for exchanges next year.

Not tax advice, but: **keep records of every purchase and sale**, including the date and the price in your local currency.$md$),
('wallet-stuck-syncing-at-block', 'Wallet stuck syncing at the same block', 'technical-support', 'member', 5, false,
 false, false, 4, $md$My desktop wallet has been stuck at the same block height since yesterday.

- Wallet v2.3 on Windows 11
- 8 connections
- Restarted twice

Any ideas before I resync from scratch?$md$),
('transaction-unconfirmed-for-hours', 'Transaction unconfirmed for hours', 'technical-support', 'satoshi', 3, false,
 false, false, 3, $md$I sent GUAPX to an exchange three hours ago and it still shows **0 confirmations**.

The explorer does not find the transaction id. Did it get lost, or should I wait?$md$),
('phishing-site-warning', 'Warning: phishing site copying the official wallet download', 'security-scams', 'mod', 8,
 false, false, false, 5, $md$There is a fake site with a domain one letter away from the official one, offering a "wallet update".

**It steals your recovery phrase.**

- Only download wallets from links in Announcements.
- No real wallet ever asks for your phrase to "update".$md$),
('fake-support-accounts-in-dms', 'Fake "support" accounts in your messages', 'security-scams', 'admin', 4, false, false,
 false, 2, $md$Staff will **never** message you first asking for your seed phrase, private key or a "verification payment".

If it happens, report the account to a moderator and block it.$md$),
('dark-mode-and-mobile-layout', 'Forum feedback: dark mode and the mobile layout', 'forum-feedback', 'builder', 2,
 false, false, false, 3, $md$The new forum looks great. Two small wishes:

1. a **dark mode** toggle,
2. a bigger reply button on phones.

What would you change?$md$),
('offline-mode-is-great', 'The offline mode is great on the train', 'forum-feedback', 'node', 1, false, false, false,
 1, $md$Just wanted to say: reading threads offline on my commute and having my replies **sent automatically** when I get signal is fantastic. Thanks to whoever built that!$md$);

insert into public.threads (id, slug, title, category_id, author_id, is_pinned, is_locked, is_ad, view_count,
                            created_at, updated_at)
select md5('guap-seed-thread:' || t.slug)::uuid, t.slug, t.title, md5('guap-seed-category:' || t.category)::uuid,
       p.id, t.pinned, t.locked, t.ad,
       -- Plausible view counts: more replies, more readers.
       t.replies * 23 + (get_byte(decode(md5(t.slug), 'hex'), 0) % 120) + 12,
       now() - make_interval(secs => (t.days_ago * 86400)::double precision),
       now() - make_interval(secs => (t.days_ago * 86400)::double precision)
from seed_threads t
join seed_people p on p.key = t.author
on conflict do nothing;

insert into public.posts (id, thread_id, author_id, content, type, is_first_post, created_at, updated_at)
select md5('guap-seed-post:' || t.slug)::uuid, md5('guap-seed-thread:' || t.slug)::uuid, p.id, t.content, 'thread',
       true, now() - make_interval(secs => (t.days_ago * 86400)::double precision),
       now() - make_interval(secs => (t.days_ago * 86400)::double precision)
from seed_threads t
join seed_people p on p.key = t.author
on conflict do nothing;

-- ---------------------------------------------------------------------------------------------------------------
-- Replies, from a pool of community answers; authors rotate, times spread between the thread's start and now.
create temporary table seed_reply_texts (n integer primary key, content text not null);
insert into seed_reply_texts (n, content) values
  (0, 'Great post, thanks for taking the time to write this up!'),
  (1, 'This is exactly what I was looking for. Bookmarked.'),
  (2, $md$+1. I would add one thing: **always test with a small amount first**.$md$),
  (3, 'Same experience here. Restarting the wallet with `-rescan` fixed it for me.'),
  (4, 'Can a moderator add this to the Getting Started guide? Newcomers ask this every week.'),
  (5, $md$Interesting. Do you have a source for that? I would like to read more.$md$),
  (6, 'I have been holding since the early days and I am still bullish on the community.'),
  (7, $md$Not financial advice, but I keep buying a little every week and stopped watching the chart.$md$),
  (8, 'Welcome aboard! Feel free to ask if anything is unclear.'),
  (9, $md$Quick tip: write your recovery phrase on paper, never in a screenshot or a cloud note.$md$),
  (10, 'Confirmed on my side too, works on v2.3.'),
  (11, $md$I disagree a bit. The fees matter less than **reliability** for merchants.$md$),
  (12, 'Thanks! That solved it. Marking this as resolved for anyone who finds it later.'),
  (13, 'Which version are you on? There was a bug fixed in the last release.'),
  (14, $md$Here is what worked for me:

1. Close the wallet.
2. Delete `peers.dat`.
3. Start it again and wait ten minutes.$md$),
  (15, 'Following this thread, same question.'),
  (16, 'Good reminder. Stay safe everyone, scammers are very active lately.'),
  (17, $md$Love it. Would you accept a pull request for the refund part?$md$),
  (18, 'My node has been running for 200 days without a restart on a small VPS. Very stable.'),
  (19, 'The community here is what keeps me around. Thanks all.'),
  (20, $md$Volume is picking up on the weekly chart. Let's see if it holds.$md$),
  (21, 'I got scammed once by a fake support account. Please, nobody legit will DM you first.'),
  (22, 'Agree with the above. Patience is the whole strategy.'),
  (23, $md$Nice table. Could you add the confirmation times too?$md$),
  (24, 'Just staked my first rewards today. Small, but it feels good!'),
  (25, 'Could we get a sticky with the official links? It would help a lot.'),
  (26, $md$Dip buyers assemble. 🚀$md$),
  (27, 'Honestly the best explanation I have seen on this topic.'),
  (28, 'Sent you a message with more details.'),
  (29, $md$Counterpoint: lump sum wins statistically in a rising market, but DCA wins for sleep quality.$md$);

with people as (
  select id, row_number() over (order by key) - 1 as i, count(*) over () as n from seed_people
), replies as (
  select t.slug, t.days_ago, t.replies, g, t.author
  from seed_threads t, generate_series(1, t.replies) g
)
insert into public.posts (id, thread_id, author_id, content, type, is_first_post, created_at, updated_at)
select md5('guap-seed-reply:' || r.slug || ':' || r.g)::uuid,
       md5('guap-seed-thread:' || r.slug)::uuid,
       p.id,
       case when r.replies > 30 then 'Reply #' || r.g || ': ' else '' end || x.content,
       'reply', false,
       now() - make_interval(secs => (r.days_ago * 86400 * (1 - r.g::numeric / (r.replies + 1)))::double precision),
       now() - make_interval(secs => (r.days_ago * 86400 * (1 - r.g::numeric / (r.replies + 1)))::double precision)
from replies r
join people p on p.i = (get_byte(decode(md5(r.slug), 'hex'), 1) + r.g * 3) % p.n
join seed_reply_texts x on x.n = (get_byte(decode(md5(r.slug), 'hex'), 2) + r.g * 7) % 30
on conflict do nothing;

-- The reply triggers stamped updated_at with now(); a thread was last active at its last reply.
update public.threads t
set updated_at = coalesce(t.last_reply_at, t.created_at)
where t.id in (select md5('guap-seed-thread:' || slug)::uuid from seed_threads)
  and t.updated_at is distinct from coalesce(t.last_reply_at, t.created_at);

-- ---------------------------------------------------------------------------------------------------------------
-- Private messages between the demo accounts.
insert into public.messages (id, sender_id, recipient_id, subject, content, is_read, created_at, updated_at)
select md5('guap-seed-message:' || m.n)::uuid, s.id, r.id, m.subject, m.content, m.is_read,
       now() - make_interval(hours => m.hours_ago), now() - make_interval(hours => m.hours_ago)
from (values
  (1, 'admin', 'mod', 'Moderation schedule', 'Can you cover the forum this weekend? I am travelling until Monday.', true, 240),
  (2, 'mod', 'admin', 'Re: Moderation schedule', 'Sure, I will keep an eye on it. Enjoy the trip!', true, 236),
  (3, 'member', 'mod', 'Suspicious DM', 'Someone claiming to be support asked for my seed phrase. I did not send it. Username in the screenshot.', true, 120),
  (4, 'mod', 'member', 'Re: Suspicious DM', 'Thanks for reporting, the account is banned. You did the right thing.', false, 118),
  (5, 'admin', 'member', 'Welcome to GuapCoin', 'Welcome to the forum! Have a look at the Getting Started guide and say hi in the introductions thread.', false, 72),
  (6, 'member', 'admin', 'Mobile wallet beta', 'I would love to test the mobile wallet beta on Android 15. How do I join?', true, 48),
  (7, 'admin', 'member', 'Re: Mobile wallet beta', 'Added you to the testers list, check the beta feedback thread for the download link.', false, 20)
) as m (n, sender, recipient, subject, content, is_read, hours_ago)
join seed_people s on s.key = m.sender
join seed_people r on r.key = m.recipient
on conflict do nothing;

drop table seed_reply_texts;
drop table seed_threads;
drop table seed_people;

-- The demo history is not news: its notifications stay in the bell, those of read messages and of posts older than a
-- day read already; no mail or push goes out for any of them.
update public.notifications n set read_at = now()
where exists (select 1 from public.messages m where m.id = n.message_id and m.is_read)
   or exists (select 1 from public.posts p where p.id = n.post_id and p.created_at < now() - interval '1 day');
delete from public.notification_deliveries;
