import { UPLOAD_LIMITS } from '../../../../contracts/analysis';

export const ACCEPTED_IMAGE_TYPES: readonly string[] = UPLOAD_LIMITS.imageTypes;

/** Why a file cannot be used for a chart slot, or null when it can (SPEC 5: images only). */
export function fileProblem(file: File, label: string): string | null {
  if (file.size === 0) return `The ${label} file is empty.`;
  if (!ACCEPTED_IMAGE_TYPES.includes(file.type)) {
    return `The ${label} must be a PNG, JPEG or WebP image (a screenshot of the chart).`;
  }
  if (file.size > UPLOAD_LIMITS.maxFileBytes) {
    return `The ${label} is larger than ${UPLOAD_LIMITS.maxFileBytes / 1024 / 1024} MiB.`;
  }
  return null;
}
