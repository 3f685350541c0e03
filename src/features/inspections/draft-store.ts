import type { InspectionDraft } from './inspection-draft';

/** Where drafts live on the device; IndexedDB in the browser (photos as blobs). */
export interface DraftStore {
  list(userId: number): Promise<InspectionDraft[]>;
  put(draft: InspectionDraft): Promise<void>;
  remove(key: string): Promise<void>;
  /** Told after every put and remove, so every view of the drafts reads them again. */
  subscribe(listener: () => void): () => void;
}

function listeners() {
  const all = new Set<() => void>();
  return {
    notify: () => all.forEach((listener) => listener()),
    subscribe(listener: () => void) {
      all.add(listener);
      return () => {
        all.delete(listener);
      };
    },
  };
}

const byUpdate = (a: InspectionDraft, b: InspectionDraft) => a.updatedAt.localeCompare(b.updatedAt);

/** Drafts in memory: where IndexedDB is missing (component tests), for the page's lifetime. */
export function memoryDraftStore(): DraftStore {
  const drafts = new Map<string, InspectionDraft>();
  const { notify, subscribe } = listeners();
  return {
    list: async (userId) => [...drafts.values()].filter((d) => d.userId === userId).sort(byUpdate),
    async put(draft) {
      drafts.set(draft.key, draft);
      notify();
    },
    async remove(key) {
      drafts.delete(key);
      notify();
    },
    subscribe,
  };
}

const DATABASE = 'spanwatch-field';
const STORE = 'inspection-drafts';

function request<T>(call: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    call.onsuccess = () => resolve(call.result);
    call.onerror = () => reject(call.error ?? new Error('IndexedDB request failed'));
  });
}

/** Drafts in IndexedDB: they outlive a closed tab, a reload and a lost connection. */
export function indexedDbDraftStore(factory: IDBFactory): DraftStore {
  let opened: Promise<IDBDatabase> | null = null;
  const database = () => {
    opened ??= new Promise((resolve, reject) => {
      const open = factory.open(DATABASE, 1);
      open.onupgradeneeded = () => open.result.createObjectStore(STORE, { keyPath: 'key' });
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('IndexedDB could not be opened'));
    });
    return opened;
  };
  const { notify, subscribe } = listeners();
  async function write(change: (store: IDBObjectStore) => IDBRequest) {
    const transaction = (await database()).transaction(STORE, 'readwrite');
    // Done once committed, not when the request succeeds: only then is it on the disk.
    const committed = new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB write failed'));
    });
    change(transaction.objectStore(STORE));
    await committed;
    notify();
  }
  return {
    async list(userId) {
      const store = (await database()).transaction(STORE).objectStore(STORE);
      const all = (await request(store.getAll())) as InspectionDraft[];
      return all.filter((d) => d.userId === userId).sort(byUpdate);
    },
    put: (draft) => write((store) => store.put(draft)),
    remove: (key) => write((store) => store.delete(key)),
    subscribe,
  };
}

let shared: DraftStore | null = null;

/** The one store of this page: IndexedDB where the browser has it. */
export function draftStore(): DraftStore {
  shared ??= typeof indexedDB === 'undefined' ? memoryDraftStore() : indexedDbDraftStore(indexedDB);
  return shared;
}

/** Tests start each case with an empty device. */
export function resetDraftStoreForTests(store: DraftStore | null = null): void {
  shared = store;
}
