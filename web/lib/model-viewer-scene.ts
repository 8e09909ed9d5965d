/**
 * The three.js half of the 3D viewer the owner's requests and the shopper's product page share.
 * Only ModelStage (model-stage.tsx) imports it, and only with a dynamic import() once WebGL is known
 * to work, so three.js is a chunk of its own that loads when a model is shown, never before.
 */
import {
  BufferAttribute,
  BufferGeometry,
  DirectionalLight,
  DoubleSide,
  GridHelper,
  HemisphereLight,
  Mesh,
  MeshStandardMaterial,
  PerspectiveCamera,
  Scene,
  Vector3,
  WebGLRenderer,
} from "three";
import { OrbitControls } from "three/examples/jsm/controls/OrbitControls.js";

export type ModelScene = {
  /** Back to the first view. */
  resetView: () => void;
  /** Frees the GPU memory and the WebGL context; the canvas is left for the caller to remove. */
  dispose: () => void;
};

export type ModelSceneOptions = {
  canvas: HTMLCanvasElement;
  /** The WebGL2 context ModelStage already made, so the check and the drawing use one context. */
  context: WebGL2RenderingContext;
  /** Nine numbers per triangle, in mm, Z up (as slicers and STL files have it). */
  positions: Float32Array;
  /** The element whose size the canvas fills. */
  frame: HTMLElement;
  dark: boolean;
  /** Grid squares in mm. */
  gridCellMm: number;
};

const MODEL_COLOUR = { dark: 0xfb923c, light: 0xea7a2e };
const GRID_COLOURS = { dark: [0x8a817a, 0x4a433f], light: [0x8f877e, 0xd6cec3] } as const;

/** Draws the model on a build-plate grid, lit from the camera, turned with the mouse or a finger. */
export function createModelScene({ canvas, context, positions, frame, dark, gridCellMm }: ModelSceneOptions): ModelScene {
  const renderer = new WebGLRenderer({ canvas, context, antialias: true, alpha: true });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
  renderer.setClearColor(0x000000, 0);

  const geometry = new BufferGeometry();
  geometry.setAttribute("position", new BufferAttribute(positions.slice(), 3));
  // STL and slicers have Z up; three.js has Y up.
  geometry.rotateX(-Math.PI / 2);
  geometry.computeBoundingBox();
  const box = geometry.boundingBox;
  if (box) geometry.translate(-(box.min.x + box.max.x) / 2, -box.min.y, -(box.min.z + box.max.z) / 2); // stand it on the plate
  geometry.computeVertexNormals(); // flat shading: one normal per face of a triangle soup
  geometry.computeBoundingSphere();
  const radius = Math.max(geometry.boundingSphere?.radius ?? 1, 0.5);
  const height = box ? box.max.y - box.min.y : radius;

  const material = new MeshStandardMaterial({
    color: dark ? MODEL_COLOUR.dark : MODEL_COLOUR.light,
    roughness: 0.55,
    metalness: 0.05,
    flatShading: true,
    side: DoubleSide, // an open model shows its inside instead of vanishing faces
  });
  const model = new Mesh(geometry, material);

  const footprint = box ? Math.max(box.max.x - box.min.x, box.max.z - box.min.z) : radius * 2;
  const cells = Math.max(4, Math.ceil((footprint * 1.5) / gridCellMm));
  const grid = new GridHelper(cells * gridCellMm, cells, ...(dark ? GRID_COLOURS.dark : GRID_COLOURS.light));

  const camera = new PerspectiveCamera(35, 1, radius / 100, radius * 100);
  const key = new DirectionalLight(0xffffff, 2.2);
  key.position.set(-0.6, 1, 1.2); // over the viewer's left shoulder, moving with the camera
  camera.add(key);
  const scene = new Scene();
  scene.add(new HemisphereLight(0xffffff, dark ? 0x2a2420 : 0x8a7f74, 1.1), camera, model, grid);

  const target = new Vector3(0, height / 2, 0);
  // From the front right, a little above: the usual slicer view.
  const homeDirection = new Vector3(0.62, 0.48, 0.78).normalize();
  const controls = new OrbitControls(camera, canvas);
  controls.target.copy(target);
  controls.minDistance = radius * 0.5;
  controls.maxDistance = radius * 20;
  // Until the owner turns or zooms, a resize (a phone turned sideways) reframes the model.
  let framed = true;
  const moved = () => {
    framed = false;
  };
  controls.addEventListener("start", moved);

  const render = () => renderer.render(scene, camera);
  /** Far enough back that the model's bounding sphere fits the narrower of the two fields of view, with a margin. */
  const homeDistance = () => {
    const vertical = (camera.fov * Math.PI) / 180;
    const horizontal = 2 * Math.atan(Math.tan(vertical / 2) * camera.aspect);
    return (radius / Math.sin(Math.min(vertical, horizontal) / 2)) * 1.15;
  };
  const resetView = () => {
    framed = true;
    controls.target.copy(target);
    camera.position.copy(homeDirection).multiplyScalar(homeDistance()).add(target);
    controls.update();
    render();
  };
  // Drawn when something changes rather than every frame: an idle view costs nothing.
  controls.addEventListener("change", render);

  const resize = () => {
    const width = Math.max(frame.clientWidth, 1);
    const heightPx = Math.max(frame.clientHeight, 1);
    renderer.setSize(width, heightPx, false);
    camera.aspect = width / heightPx;
    camera.updateProjectionMatrix();
    if (framed) resetView();
    else render();
  };
  const observer = new ResizeObserver(resize);
  observer.observe(frame);
  resize();

  return {
    resetView,
    dispose() {
      observer.disconnect();
      controls.removeEventListener("change", render);
      controls.removeEventListener("start", moved);
      controls.dispose();
      geometry.dispose();
      material.dispose();
      grid.geometry.dispose();
      for (const used of [grid.material].flat()) used.dispose();
      renderer.dispose();
      renderer.forceContextLoss();
    },
  };
}
