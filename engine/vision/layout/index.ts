/**
 * Stage: layout. In: the raster (and the image, for the axis labels' text). Out: where the chart
 * is: background and theme, the plot rectangle, the price axis strip and its side, the grid's
 * rows and columns, the colours of long lines, the background mask.
 *
 * The background and its shading are found row by row, straight lines (grid, separators, pane
 * frames) by runs, the price axis from a column of numbers (axis-locate), the time axis from text
 * under the plot; the plot is what they enclose.
 */
export { findLayout, BG_TOLERANCE, type Layout, type LineRun } from './layout';
