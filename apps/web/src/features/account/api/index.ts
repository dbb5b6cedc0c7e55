/**
 * The account screens' API calls: reads come straight from the generated
 * client; mutations own the cache updates that follow them (profile.ts).
 */
export {
  useChangePassword,
  useChangePhone,
  useGetMailStatus,
  useGetMe,
  useGetStatement,
  useGetToday,
  useGetVerification,
  useLatestProof,
  useListBalanceRecords,
  useMyProof,
} from '@app/contracts';
export {
  useBindMail,
  useChangeNickname,
  useSendMailCode,
  useSetTransactionPassword,
  useSignOut,
  useSubmitVerification,
} from './profile';
