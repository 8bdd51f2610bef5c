export const VIP_PACKAGES = [
  { name: 'VIP1', amount: 12 },
  { name: 'VIP2', amount: 20 },
  { name: 'VIP3', amount: 40 },
  { name: 'VIP4', amount: 60 },
  { name: 'VIP5', amount: 100 },
  { name: 'VIP6', amount: 200 },
  { name: 'VIP7', amount: 400 },
] as const;


export const ROLES = ['USER', 'ADMIN', 'SADMIN'] as const;
export type Role = (typeof ROLES)[number];
export const ASSIGNABLE_ROLES = ['USER', 'ADMIN'] as const;

export const LIMITS = {
  nameMin: 3,
  nameMax: 100,
  phoneMax: 32,
  emailMax: 254,
  passwordMin: 8,
  passwordMax: 128,
  paymentIdMax: 128,
  transactionIdMax: 128,
  balanceRevealMs: 3000,
  videoMaxMinutes: 600,
} as const;

/** Toast durations of docs/product.md#limits; at most 20 toasts at once. */
export const TOAST_DURATIONS = { blank: 4000, error: 4000, success: 2000, loading: Infinity, custom: 4000 } as const;
export const TOAST_LIMIT = 20;

/** Texts of docs/product.md#validation and #messages, word for word. */
export const MSG = {
  fillAll: 'Please fill all the details',
  nameMin: 'Name should be atleast of 3 characters',
  invalidEmail: 'Invalid email id',
  forgotEmailRequired: 'email is required to reset password!',
  resetPasswordRequired: 'password is required',
  transferFillAll: 'Please fill all the fields.',
  adminPointsInvalid: 'Please enter a valid email and positive points.',
  confirmRole: "Are you sure you want to change this user's role?",
  confirmDeleteUser: 'Are you sure you want to delete this user?',
  confirmDeleteVideo: 'Delete this video?',
  loading: {
    register: 'Please wait! creating your account...',
    login: 'Please wait! logging into your account...',
    logout: 'logout...',
    profile: 'fetching profile...',
    update: 'Updating changes...',
    changePassword: 'Changing password...',
    forgot: 'Please Wait! sending email...',
    reset: 'Please Wait! reseting your password...',
  },
  videoFetchFailed: 'Failed to fetch videos',
  videoFetchError: 'Error fetching videos',
  videoSaveFailed: 'Operation failed',
  videoSaveError: 'Something went wrong',
  videoDeleteFailed: 'Delete failed',
  videoDeleteError: 'Error deleting video',
  videoAwardFailed: 'Failed to award point ❌',
  videoAwardError: 'Server error while awarding point ❌',
  subscriptionNotEnough: 'Not enough points to activate subscription.',
  subscriptionError: 'Something went wrong. Try again.',
  pointsFetchFailed: 'Failed to fetch points. Please try again.',
  transferError: 'An error occurred during transfer.',
  depositFailed: 'Failed to submit deposit form',
  withdrawFailed: 'Failed to submit withdrawal request.',
  withdrawError: 'Error submitting withdrawal form.',
  adminWithdrawFetchFailed: 'Failed to fetch withdrawals.',
  adminWithdrawFetchError: 'An error occurred while fetching withdrawals.',
  adminWithdrawUpdateFailed: 'Failed to update withdrawal status.',
  adminWithdrawUpdateError: 'An error occurred while updating the status.',
  adminWithdrawDeleteFailed: 'Failed to delete withdrawal request.',
  adminWithdrawDeleteError: 'An error occurred while deleting the request.',
  adminDepositFetchFailed: 'Failed to fetch deposits',
  adminDepositUpdateFailed: 'Failed to update deposit status',
  adminDepositDeleteFailed: 'Failed to delete deposit form',
  adminDepositUpdated: 'Deposit status updated',
  adminDepositDeleted: 'Deposit form deleted successfully',
  adminPointsError: 'An error occurred.',
  statsFailed: 'Failed to get stats',
} as const;

/** The platform's name as e-mails and the authenticator app show it. */
export const PLATFORM_NAME = 'USDT Points';
