import { useQueryClient } from '@tanstack/react-query';
import {
  getListAddressesQueryKey,
  useDeleteAddress as useDeleteAddressCall,
  useSaveAddress as useSaveAddressCall,
  type SavedAddress,
} from '@app/contracts';

/** Both calls answer with the whole book, so the list updates without a refetch. */
function useKeepBook() {
  const queryClient = useQueryClient();
  return (book: SavedAddress[]) => {
    queryClient.setQueryData(getListAddressesQueryKey(), book);
  };
}

export function useSaveAddress() {
  const keepBook = useKeepBook();
  return useSaveAddressCall({ mutation: { onSuccess: keepBook } });
}

export function useDeleteAddress() {
  const keepBook = useKeepBook();
  return useDeleteAddressCall({ mutation: { onSuccess: keepBook } });
}
