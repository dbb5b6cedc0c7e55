/**
 * The account screens' API calls: reads come straight from the generated
 * client; mutations own the cache updates that follow them (profile.ts).
 */
export {
  useChangePassword,
  useChangePhone,
  useGetMailStatus,
  useGetMe,
  useGetToday,
  useGetVerification,
  useLatestProof,
  useMyProof,
  useSendMailCode,
} from '@app/contracts';
export {
  useBindMail,
  useChangeNickname,
  useSetTransactionPassword,
  useSignOut,
  useSubmitVerification,
} from './profile';
