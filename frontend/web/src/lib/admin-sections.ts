//! The admin area's map (docs/decisions/consistency.md, "An admin area with a map"): its
//! sections, the screens in each, their addresses, who may open them and which count of the
//! moderation queues (`GET /api/admin/queues`) shows beside them. Who sees what is decided from
//! the caller's `abilities` alone, the same permission table the server decides by.
import type { AbilityDto, QueueCountsDto } from '@grace-stories/sdk/react';
import {
  Activity,
  Archive,
  FileClock,
  FilePen,
  FolderKanban,
  Inbox,
  Key,
  LayoutDashboard,
  LockKeyhole,
  type LucideIcon,
  Mail,
  MailCheck,
  Mails,
  MessageSquare,
  Send,
  Settings,
  Share2,
  Shield,
  ShieldCheck,
  SlidersHorizontal,
  UserCheck,
  UserRound,
  Users,
} from 'lucide-react';

/** Which count of `QueueCountsDto` waits on a screen, and the word a screen reader hears after it. */
export type WaitingCount = { key: keyof QueueCountsDto; label: 'waiting' | 'open' | 'failed' };

/** Every screen of the admin area; its address is `/dashboard/{id}`. */
export type ScreenId =
  | 'people/pending'
  | 'people/all'
  | 'moderation/stories'
  | 'moderation/edits'
  | 'moderation/comments'
  | 'content/tools'
  | 'mail/help-inbox'
  | 'mail/outbox'
  | 'mail/social'
  | 'mail/subscribers'
  | 'site/settings'
  | 'site/backups'
  | 'site/tokens'
  | 'site/activity'
  | 'site/password'
  | 'account/profile'
  | 'account/security'
  | 'account/tokens'
  | 'account/subscription';

export type AdminScreen = {
  /** `{section}/{screen}`: the screen's address is `/dashboard/{id}`. */
  id: ScreenId;
  /** The link's text; the screens the product documents keep their tab names. */
  label: string;
  icon: LucideIcon;
  /** The ability the server requires for what this screen reads. */
  ability: AbilityDto;
  /** Not for those who hold this ability (the super admin's own account is its Site screens). */
  unless?: AbilityDto;
  count?: WaitingCount;
};

export type AdminSection = {
  slug: string;
  title: string;
  icon: LucideIcon;
  screens: AdminScreen[];
};

/** Every section in sidebar order; within one, the screens in order. */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  {
    slug: 'people',
    title: 'People',
    icon: Users,
    screens: [
      {
        id: 'people/pending',
        label: 'Pending Users',
        icon: UserCheck,
        ability: 'manage_users',
        count: { key: 'people', label: 'waiting' },
      },
      { id: 'people/all', label: 'All Users', icon: Users, ability: 'manage_users' },
    ],
  },
  {
    slug: 'moderation',
    title: 'Moderation',
    icon: ShieldCheck,
    screens: [
      {
        id: 'moderation/stories',
        label: 'Pending Stories',
        icon: FileClock,
        ability: 'review_stories',
        count: { key: 'newStories', label: 'waiting' },
      },
      {
        id: 'moderation/edits',
        label: 'Edits',
        icon: FilePen,
        ability: 'review_stories',
        count: { key: 'edits', label: 'waiting' },
      },
      {
        id: 'moderation/comments',
        label: 'Pending Comments',
        icon: MessageSquare,
        ability: 'moderate_comments',
        count: { key: 'comments', label: 'waiting' },
      },
    ],
  },
  {
    slug: 'content',
    title: 'Content',
    icon: FolderKanban,
    screens: [{ id: 'content/tools', label: 'Content Management', icon: LayoutDashboard, ability: 'review_stories' }],
  },
  {
    slug: 'mail',
    title: 'Mail and sharing',
    icon: Mail,
    screens: [
      {
        id: 'mail/help-inbox',
        label: 'Help Inbox',
        icon: Inbox,
        ability: 'read_help_inbox',
        count: { key: 'helpOpen', label: 'open' },
      },
      {
        id: 'mail/outbox',
        label: 'Mail Outbox',
        icon: Send,
        ability: 'read_help_inbox',
        count: { key: 'mailFailed', label: 'failed' },
      },
      {
        id: 'mail/social',
        label: 'Social Posts',
        icon: Share2,
        ability: 'read_help_inbox',
        count: { key: 'socialFailed', label: 'failed' },
      },
      { id: 'mail/subscribers', label: 'Subscribers', icon: Mails, ability: 'manage_subscribers' },
    ],
  },
  {
    slug: 'site',
    title: 'Site',
    icon: Settings,
    screens: [
      { id: 'site/settings', label: 'Site Settings', icon: SlidersHorizontal, ability: 'manage_users' },
      { id: 'site/backups', label: 'Backups', icon: Archive, ability: 'manage_backups' },
      { id: 'site/tokens', label: 'API Tokens', icon: Key, ability: 'manage_users' },
      { id: 'site/activity', label: 'Activity Log', icon: Activity, ability: 'read_activity_log' },
      { id: 'site/password', label: 'Change Password', icon: LockKeyhole, ability: 'change_admin_password' },
    ],
  },
  {
    // One's own account, for reviewers whose /dashboard is this area rather than "My Dashboard"
    // (everyone else has the same screens as tabs there). The subscription is the super admin's too.
    slug: 'account',
    title: 'My account',
    icon: UserRound,
    screens: [
      {
        id: 'account/profile',
        label: 'Profile Settings',
        icon: UserRound,
        ability: 'review_stories',
        unless: 'manage_users',
      },
      { id: 'account/security', label: 'Security', icon: Shield, ability: 'review_stories', unless: 'manage_users' },
      { id: 'account/tokens', label: 'API Tokens', icon: Key, ability: 'review_stories', unless: 'manage_users' },
      { id: 'account/subscription', label: 'Subscription', icon: MailCheck, ability: 'review_stories' },
    ],
  },
];

/** Whether this person may open the screen. */
export function mayOpen(abilities: readonly AbilityDto[], screen: AdminScreen): boolean {
  return abilities.includes(screen.ability) && !(screen.unless && abilities.includes(screen.unless));
}

/** `/dashboard/{section}/{screen}`: the address a link in a mail or a bookmark opens. */
export function screenAddress(screen: AdminScreen): string {
  return `/dashboard/${screen.id}`;
}

/** The sections this person may use, each with only the screens they may open; empty ones are left out. */
export function visibleSections(abilities: readonly AbilityDto[]): AdminSection[] {
  return ADMIN_SECTIONS.map((section) => ({
    ...section,
    screens: section.screens.filter((screen) => mayOpen(abilities, screen)),
  })).filter((section) => section.screens.length > 0);
}

/** The first screen this person may open (the address old `/dashboard` and `/admin` open), if any. */
export function firstAddress(abilities: readonly AbilityDto[]): string | null {
  const [section] = visibleSections(abilities);
  const screen = section?.screens[0];
  return screen ? screenAddress(screen) : null;
}

/**
 * Whether `/dashboard` is this person's admin area rather than "My Dashboard": for those who
 * review stories or manage people. Someone whose only admin screen is the comment queue (an
 * approved primary contributor) keeps "My Dashboard" there and reaches the queue from `/admin`.
 */
export function dashboardIsAdminArea(abilities: readonly AbilityDto[]): boolean {
  return abilities.includes('review_stories') || abilities.includes('manage_users');
}

export type Found =
  | { kind: 'screen'; section: AdminSection; screen: AdminScreen }
  /** A known section without a screen: its first screen this person may open, if any. */
  | { kind: 'section'; section: AdminSection; first: string | null }
  /** A known address this person may not open. */
  | { kind: 'refused'; section: AdminSection; screen: AdminScreen }
  | { kind: 'unknown' };

/** What `/dashboard/{section}/{screen?}` names, for this person. */
export function findScreen(
  abilities: readonly AbilityDto[],
  sectionSlug: string,
  screenSlug: string | undefined,
): Found {
  const section = ADMIN_SECTIONS.find((s) => s.slug === sectionSlug);
  if (!section) return { kind: 'unknown' };
  if (screenSlug === undefined) {
    const first = section.screens.find((s) => mayOpen(abilities, s));
    return { kind: 'section', section, first: first ? screenAddress(first) : null };
  }
  const screen = section.screens.find((s) => s.id === `${sectionSlug}/${screenSlug}`);
  if (!screen) return { kind: 'unknown' };
  if (!mayOpen(abilities, screen)) return { kind: 'refused', section, screen };
  return { kind: 'screen', section, screen };
}

/** The comment queue's address, which the contributor dashboard links for those who moderate comments. */
export const COMMENT_QUEUE = '/dashboard/moderation/comments';

/**
 * Whether `/dashboard/{section?}/{screen?}` names the dashboard itself, a section or a screen of
 * the map (whoever asks); any other address under `/dashboard` is not found.
 */
export function isAdminAddress(section: string | undefined, screen: string | undefined): boolean {
  if (section === undefined) return screen === undefined;
  const known = ADMIN_SECTIONS.find((s) => s.slug === section);
  if (!known) return false;
  return screen === undefined || known.screens.some((s) => s.id === `${section}/${screen}`);
}
