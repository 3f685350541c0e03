// Spec §8, word for word (the 3000 ms of spec §9 is APP_TOAST_MS in src/ui/use-notify.ts).

export const USER_TOASTS = {
  created: 'User created successfully',
  updated: 'User updated successfully',
  deleted: 'User deleted successfully',
  saveFailed: 'Failed to save user',
  deleteFailed: 'Failed to delete user',
  bridgesAssigned: 'Bridges assigned successfully',
  bridgesFailed: 'Failed to assign bridges',
  streamsAssigned: 'Data streams assigned successfully',
  streamsFailed: 'Failed to assign data streams',
  fetchUsersFailed: 'Failed to fetch users',
  fetchBridgesFailed: 'Failed to fetch bridges',
  fetchStreamsFailed: 'Failed to fetch data streams',
} as const;
