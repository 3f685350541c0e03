// Spec §8, word for word; spec §9: user-screen toasts last 3000 ms.
export const TOAST_MS = 3000;

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
