import { useQueryClient } from '@tanstack/react-query';
import {
  getGetSiteQueryKey,
  getGetSiteSettingsQueryKey,
  getListEconomyChangesQueryKey,
  getListBannersQueryKey,
  getListAllTrailersQueryKey,
  useAddBanner as useAddBannerCall,
  useCreateTrailer,
  useRemoveBanner as useRemoveBannerCall,
  useSetSiteSettings as useSetSiteSettingsCall,
  useUpdateTrailer,
  useUploadPoster,
  type AdminTrailer,
  type TrailerBody,
} from '@app/contracts';

/**
 * Saves a trailer (a new one when `id` is null), then its poster if one is
 * chosen, then reads the list again. Resolves with the saved trailer.
 */
export function useSaveTrailer(): (
  id: number | null,
  body: TrailerBody,
  poster: File | null,
) => Promise<AdminTrailer> {
  const queryClient = useQueryClient();
  const create = useCreateTrailer();
  const update = useUpdateTrailer();
  const upload = useUploadPoster();
  return async (id, body, poster) => {
    const saved =
      id !== null
        ? await update.mutateAsync({ id, data: body })
        : await create.mutateAsync({ data: body });
    if (poster) await upload.mutateAsync({ id: saved.id, data: { image: poster } });
    await queryClient.invalidateQueries({ queryKey: getListAllTrailersQueryKey() });
    return saved;
  };
}

/**
 * The site settings: the answer's settings (as they stand) replace the cached
 * ones; a new card or support link may wait for a second admin, so the
 * economy's pending changes are read again.
 */
export function useSetSiteSettings() {
  const queryClient = useQueryClient();
  return useSetSiteSettingsCall({
    mutation: {
      onSuccess: ({ pending_changes: _, ...settings }) => {
        queryClient.setQueryData(getGetSiteSettingsQueryKey(), settings);
        void queryClient.invalidateQueries({ queryKey: getListEconomyChangesQueryKey() });
      },
    },
  });
}

/** Banners are part of the site answer and the operators' list: both are read again after each change. */
function useRefreshSite() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: getGetSiteQueryKey() }),
      queryClient.invalidateQueries({ queryKey: getListBannersQueryKey() }),
    ]);
}

export function useAddBanner() {
  return useAddBannerCall({ mutation: { onSuccess: useRefreshSite() } });
}

export function useRemoveBanner() {
  return useRemoveBannerCall({ mutation: { onSuccess: useRefreshSite() } });
}
