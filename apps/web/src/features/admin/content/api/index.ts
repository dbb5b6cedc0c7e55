/** Site settings, banners and trailers. */
export {
  resolveApiUrl,
  useGetSiteSettings,
  useListAllTrailers,
  useListBanners,
} from '@app/contracts';
export { useAddBanner, useRemoveBanner, useSaveTrailer, useSetSiteSettings } from './content';
