/**
 * Stage: clean-up. What is drawn over the candles is taken away before they are cut apart.
 * - overlays: translucent zones and position tools a trader drew, lifted off the raster
 *   (in: raster + layout; out: the raster with the blend undone, the zones found).
 * - lines: price lines, dotted last-price lines and moving averages in candle colours,
 *   cleared from the ink mask (in and out: the ink mask).
 * - occluders: indicator lines crossing a wick or body, bridged so the candle stays whole.
 * - volume: volume bars drawn over the plot, cleared from the ink mask.
 * - zones: filled zones drawn in a solid colour, undone (XOR) or painted in the background.
 */
export { liftOverlays } from './overlays';
export { dropLineClasses } from './lines';
export { bridgeOccluders, clearPanels, erasePanels } from './occluders';
export { clearTextLines } from './text-lines';
export { eraseZones } from './zones';
export type { FilledZone } from './zones';
