/** The in-app guide's pages (issue 31), in reading order: #/guide/SLUG. */
export interface GuidePage {
  slug: string;
  title: string;
  /** One line for the guide's contents. */
  summary: string;
}

export const GUIDE_PAGES: readonly GuidePage[] = [
  { slug: 'campaign-night', title: 'A campaign night', summary: 'Players, their teams, founding a team, setting up a game and entering the result.' },
  { slug: 'house-rules', title: 'House rules', summary: 'The rules a campaign plays, the optional rules, and changing them safely.' },
  { slug: 'backups', title: 'Backups', summary: 'What Herald keeps for you, and how to put a campaign back.' },
  { slug: 'phone-view', title: 'The phone view (Club Wi-Fi)', summary: 'Players look at standings and rosters on their own phones.' },
  { slug: 'hand-over', title: 'Handing over to another laptop', summary: 'When someone else runs the campaign for a while, and bringing it back.' },
];

export const guidePage = (slug: string | undefined): GuidePage | undefined => GUIDE_PAGES.find((p) => p.slug === slug);
