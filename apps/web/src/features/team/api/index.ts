import { useInfiniteQuery } from '@tanstack/react-query';
import { getListInvitesQueryKey, listInvites, type ListInvitesLevel } from '@app/contracts';

/** The team screens' API calls (reads only: the team has no mutation). */
export { useGetMe } from '@app/contracts';

export const TEAM_PAGE_SIZE = 50;

/**
 * One level of the member's team, newest first, a page at a time (issue 27:
 * a team of 10,000 is 600 KB unpaged). The first page carries the level's
 * counts, which the level's header shows before it is opened.
 */
export function useTeamLevelPages(level: ListInvitesLevel) {
  const key = `level${level}` as const;
  return useInfiniteQuery({
    queryKey: [...getListInvitesQueryKey({ level }), 'pages'],
    queryFn: ({ pageParam, signal }) =>
      listInvites(
        { level, limit: TEAM_PAGE_SIZE, ...(pageParam ? { before: pageParam } : {}) },
        undefined,
        signal,
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => {
      const members = last[key];
      return members.length < TEAM_PAGE_SIZE ? undefined : members[members.length - 1]?.id;
    },
    refetchOnMount: 'always',
  });
}
