import { usdt } from '@app/domain';

/** Demo content for `pnpm db:seed`: fictional films, local poster images. */
export const SEED_TRAILERS = [
  [
    'Night Harbour',
    'A lighthouse keeper spots a ship that sank fifty years ago, lights blazing.',
    'aqz-KE-bpKQ',
  ],
  [
    'The Salt Road',
    "Two sisters cross a dried-up sea to return their grandmother's letters.",
    'eRsGyueVLvQ',
  ],
  [
    'Copper Sky',
    'A grounded pilot takes one last job flying medicine over the mountains.',
    'YE7VzlLtp-4',
  ],
  [
    'Quiet Engines',
    'An engineer teaches an old locomotive and a stubborn town to run again.',
    'WhWc3b3KhnY',
  ],
  [
    'Paper Tigers',
    'A school chess club challenges the city champions and learns to lose.',
    'TLkA0RELQ1g',
  ],
  [
    'Glass Orchard',
    'A botanist grows a garden inside an abandoned greenhouse on the moon.',
    'mN0zPOpADL4',
  ],
  [
    'Last Tram Home',
    'Strangers on the final tram of the night share the stories of their day.',
    'R6MlUcmOul8',
  ],
  [
    'The Map Maker',
    'A cartographer draws a village that does not exist, until it does.',
    'Z9AYPxH5NTM',
  ],
  [
    'Winter Choir',
    'A retired singer gathers a choir of neighbours for one night of music.',
    'X3Z_Od1Q8_Q',
  ],
  [
    'Red Desert Run',
    'A courier races a sandstorm across the desert with a parcel for a wedding.',
    'oDAw7vW7H0c',
  ],
  [
    'Moonlit Bazaar',
    'A night market appears once a year and sells only forgotten memories.',
    'F1B9Fk_SgI0',
  ],
  [
    'The Long Table',
    'Three generations, one dinner, and a recipe nobody wrote down.',
    'Vm0xbkUC2_0',
  ],
  [
    'Signal Lost',
    'A radio operator on an island hears a voice calling from next week.',
    'bGZjPAbk8wI',
  ],
  [
    'Silk and Steel',
    'A tailor and a blacksmith build a bridge together after a flood.',
    'c8qHjuLJ9Zg',
  ],
] as const;

export const SEED_MESSAGES = [
  [
    'Welcome to Trailer Club',
    'Watch trailers every day and earn rewards according to your VIP level.',
  ],
  [
    'How rewards work',
    'Open a trailer and watch it for at least 10 seconds. Each trailer counts once a day.',
  ],
  [
    'Invite your friends',
    'Share your invitation link from the Invite tab. Your team has three levels.',
  ],
] as const;

export const SEED_MAIN_MESSAGE = 'main_message.promotion';

/** The spec's promotion: VIP2+ bought by an invited member, 10 to 14 May 2024 (UTC). */
export const SEED_CAMPAIGN = {
  name: 'May 2024 referral bonus',
  startsAt: '2024-05-10T00:00:00Z',
  endsAt: '2024-05-15T00:00:00Z',
  minVipLevel: 2,
  inviterPoints: usdt(10),
  memberPoints: usdt(5),
  holdDays: 30,
};
