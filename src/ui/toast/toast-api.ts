// Apart from toast.ts, which loads mount-toaster.tsx (React and sonner) on the first toast only.

/** The part of sonner's `toast` the facade uses; injectable so tests need no React. */
export interface ToastApi {
  success(title: string, options?: { description?: string }): unknown;
  error(title: string, options?: { description?: string }): unknown;
}
