import { usdt } from '@app/domain';

/** Text per language, as content is stored (common/language.ts). */
type SeedTexts = { ru: string; en: string; uz: string };

/** Demo content for `pnpm db:seed`: fictional films, local poster images, in ru, en and uz. */
export const SEED_TRAILERS: { key: string; title: SeedTexts; description: SeedTexts }[] = [
  {
    key: 'aqz-KE-bpKQ',
    title: { ru: 'Ночная гавань', en: 'Night Harbour', uz: 'Tungi bandargoh' },
    description: {
      ru: 'Смотритель маяка замечает корабль, затонувший полвека назад, — с горящими огнями.',
      en: 'A lighthouse keeper spots a ship that sank fifty years ago, lights blazing.',
      uz: 'Mayoq qorovuli ellik yil oldin choʻkib ketgan kemani chiroqlari yonib turgan holda koʻradi.',
    },
  },
  {
    key: 'eRsGyueVLvQ',
    title: { ru: 'Соляная дорога', en: 'The Salt Road', uz: 'Tuz yoʻli' },
    description: {
      ru: 'Две сестры пересекают высохшее море, чтобы вернуть письма своей бабушки.',
      en: "Two sisters cross a dried-up sea to return their grandmother's letters.",
      uz: 'Ikki opa-singil buvisining maktublarini qaytarish uchun qurigan dengizni kesib oʻtadi.',
    },
  },
  {
    key: 'YE7VzlLtp-4',
    title: { ru: 'Медное небо', en: 'Copper Sky', uz: 'Mis osmon' },
    description: {
      ru: 'Отстранённый от полётов пилот берётся за последний рейс — доставить лекарства через горы.',
      en: 'A grounded pilot takes one last job flying medicine over the mountains.',
      uz: 'Parvozdan chetlatilgan uchuvchi togʻlar osha dori-darmon yetkazish uchun soʻnggi topshiriqni oladi.',
    },
  },
  {
    key: 'WhWc3b3KhnY',
    title: { ru: 'Тихие моторы', en: 'Quiet Engines', uz: 'Sokin motorlar' },
    description: {
      ru: 'Инженер заново учит старый паровоз и упрямый городок двигаться вперёд.',
      en: 'An engineer teaches an old locomotive and a stubborn town to run again.',
      uz: 'Muhandis eski parovoz va qaysar shaharchani yana harakatlanishga oʻrgatadi.',
    },
  },
  {
    key: 'TLkA0RELQ1g',
    title: { ru: 'Бумажные тигры', en: 'Paper Tigers', uz: 'Qogʻoz yoʻlbarslar' },
    description: {
      ru: 'Школьный шахматный клуб бросает вызов чемпионам города и учится проигрывать.',
      en: 'A school chess club challenges the city champions and learns to lose.',
      uz: 'Maktab shaxmat toʻgaragi shahar chempionlariga bellashuv eʼlon qiladi va yutqazishni oʻrganadi.',
    },
  },
  {
    key: 'mN0zPOpADL4',
    title: { ru: 'Стеклянный сад', en: 'Glass Orchard', uz: 'Shisha bogʻ' },
    description: {
      ru: 'Ботаник выращивает сад в заброшенной оранжерее на Луне.',
      en: 'A botanist grows a garden inside an abandoned greenhouse on the moon.',
      uz: 'Botanik Oydagi tashlandiq issiqxonada bogʻ yetishtiradi.',
    },
  },
  {
    key: 'R6MlUcmOul8',
    title: { ru: 'Последний трамвай домой', en: 'Last Tram Home', uz: 'Uyga soʻnggi tramvay' },
    description: {
      ru: 'Незнакомцы в последнем ночном трамвае делятся историями своего дня.',
      en: 'Strangers on the final tram of the night share the stories of their day.',
      uz: 'Tungi soʻnggi tramvaydagi notanishlar kunlari haqidagi hikoyalarni boʻlishadi.',
    },
  },
  {
    key: 'Z9AYPxH5NTM',
    title: { ru: 'Картограф', en: 'The Map Maker', uz: 'Xaritachi' },
    description: {
      ru: 'Картограф рисует деревню, которой не существует, — пока она не появляется.',
      en: 'A cartographer draws a village that does not exist, until it does.',
      uz: 'Kartograf mavjud boʻlmagan qishloqni chizadi — toki u paydo boʻlguncha.',
    },
  },
  {
    key: 'X3Z_Od1Q8_Q',
    title: { ru: 'Зимний хор', en: 'Winter Choir', uz: 'Qishki xor' },
    description: {
      ru: 'Певица на пенсии собирает хор из соседей ради одного музыкального вечера.',
      en: 'A retired singer gathers a choir of neighbours for one night of music.',
      uz: 'Nafaqadagi xonanda bir kechalik musiqa uchun qoʻshnilaridan xor yigʻadi.',
    },
  },
  {
    key: 'oDAw7vW7H0c',
    title: { ru: 'Бег по красной пустыне', en: 'Red Desert Run', uz: 'Qizil choʻl boʻylab' },
    description: {
      ru: 'Курьер наперегонки с песчаной бурей везёт через пустыню посылку к свадьбе.',
      en: 'A courier races a sandstorm across the desert with a parcel for a wedding.',
      uz: 'Kuryer toʻy uchun posilka bilan choʻl boʻylab qum boʻroni bilan poyga qiladi.',
    },
  },
  {
    key: 'F1B9Fk_SgI0',
    title: { ru: 'Лунный базар', en: 'Moonlit Bazaar', uz: 'Oydin bozor' },
    description: {
      ru: 'Ночной рынок появляется раз в год и продаёт только забытые воспоминания.',
      en: 'A night market appears once a year and sells only forgotten memories.',
      uz: 'Tungi bozor yilda bir marta paydo boʻladi va faqat unutilgan xotiralarni sotadi.',
    },
  },
  {
    key: 'Vm0xbkUC2_0',
    title: { ru: 'Длинный стол', en: 'The Long Table', uz: 'Uzun dasturxon' },
    description: {
      ru: 'Три поколения, один ужин и рецепт, который никто не записал.',
      en: 'Three generations, one dinner, and a recipe nobody wrote down.',
      uz: 'Uch avlod, bitta kechki ovqat va hech kim yozib qoʻymagan retsept.',
    },
  },
  {
    key: 'bGZjPAbk8wI',
    title: { ru: 'Сигнал потерян', en: 'Signal Lost', uz: 'Signal yoʻqoldi' },
    description: {
      ru: 'Радист на острове слышит голос, который зовёт из следующей недели.',
      en: 'A radio operator on an island hears a voice calling from next week.',
      uz: 'Oroldagi radist kelasi haftadan chaqirayotgan ovozni eshitadi.',
    },
  },
  {
    key: 'c8qHjuLJ9Zg',
    title: { ru: 'Шёлк и сталь', en: 'Silk and Steel', uz: 'Ipak va poʻlat' },
    description: {
      ru: 'Портной и кузнец вместе строят мост после наводнения.',
      en: 'A tailor and a blacksmith build a bridge together after a flood.',
      uz: 'Tikuvchi va temirchi toshqindan keyin birgalikda koʻprik quradi.',
    },
  },
];

export const SEED_MESSAGES: { title: SeedTexts; description: SeedTexts }[] = [
  {
    title: {
      ru: 'Добро пожаловать в Trailer Club',
      en: 'Welcome to Trailer Club',
      uz: 'Trailer Clubʼga xush kelibsiz',
    },
    description: {
      ru: 'Смотрите трейлеры каждый день и получайте вознаграждение по своему VIP-уровню.',
      en: 'Watch trailers every day and earn rewards according to your VIP level.',
      uz: 'Har kuni treylerlarni tomosha qiling va VIP darajangizga koʻra mukofot oling.',
    },
  },
  {
    title: {
      ru: 'Как начисляются награды',
      en: 'How rewards work',
      uz: 'Mukofotlar qanday ishlaydi',
    },
    description: {
      ru: 'Откройте трейлер и смотрите его не меньше 10 секунд. Каждый трейлер засчитывается раз в день.',
      en: 'Open a trailer and watch it for at least 10 seconds. Each trailer counts once a day.',
      uz: 'Treylerni oching va kamida 10 soniya tomosha qiling. Har bir treyler kuniga bir marta hisoblanadi.',
    },
  },
  {
    title: {
      ru: 'Пригласите друзей',
      en: 'Invite your friends',
      uz: 'Doʻstlaringizni taklif qiling',
    },
    description: {
      ru: 'Поделитесь пригласительной ссылкой на вкладке «Пригласить». В вашей команде три уровня.',
      en: 'Share your invitation link from the Invite tab. Your team has three levels.',
      uz: 'Taklif havolangizni «Taklif» boʻlimidan ulashing. Jamoangiz uch darajadan iborat.',
    },
  },
];

export const SEED_MAIN_MESSAGE = 'main_message.promotion';

/** The spec's promotion: VIP2+ bought by an invited member, 10 to 14 May 2024 (UTC). */
export const SEED_CAMPAIGN = {
  name: 'May 2024 referral bonus',
  names: {
    ru: 'Бонус за приглашения, май 2024',
    en: 'May 2024 referral bonus',
    uz: 'Taklif uchun bonus, 2024-yil may',
  },
  startsAt: '2024-05-10T00:00:00Z',
  endsAt: '2024-05-15T00:00:00Z',
  minVipLevel: 2,
  inviterPoints: usdt(10),
  memberPoints: usdt(5),
  holdDays: 30,
};
