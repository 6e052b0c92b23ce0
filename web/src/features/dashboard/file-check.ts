import { UPLOAD_LIMITS } from '../../../../contracts/analysis';

export const ACCEPTED_IMAGE_TYPES: readonly string[] = UPLOAD_LIMITS.imageTypes;
/** What the file pickers offer: screenshots and chart data exports (CSV). */
export const ACCEPTED_CHART_FILES = [...UPLOAD_LIMITS.imageTypes, ...UPLOAD_LIMITS.dataTypes].join(',');

const mib = (bytes: number) => bytes / 1024 / 1024;

/**
 * A chart data export (TradingView, MetaTrader) rather than a picture: by its type or name. The
 * server tells the platform from the content; this only decides the size limit and the label.
 */
export function isDataFile(file: File): boolean {
  if (ACCEPTED_IMAGE_TYPES.includes(file.type)) return false;
  return (
    /\.(csv|txt)$/i.test(file.name) ||
    /^text\/(csv|plain)$/.test(file.type) ||
    file.type === 'application/vnd.ms-excel'
  );
}

/** Why a file cannot be used for a chart slot, or null when it can (a screenshot or a data export). */
export function fileProblem(file: File, label: string): string | null {
  if (file.size === 0) return `The ${label} file is empty.`;
  if (isDataFile(file)) {
    if (file.size > UPLOAD_LIMITS.maxDataBytes) {
      return `The ${label} data file is larger than ${mib(UPLOAD_LIMITS.maxDataBytes)} MiB. Export only the bars on your chart.`;
    }
    return null;
  }
  if (!ACCEPTED_IMAGE_TYPES.includes(file.type)) {
    return `The ${label} must be a PNG, JPEG or WebP screenshot or the chart's data export (CSV).`;
  }
  if (file.size > UPLOAD_LIMITS.maxFileBytes) {
    return `The ${label} is larger than ${mib(UPLOAD_LIMITS.maxFileBytes)} MiB.`;
  }
  return null;
}
