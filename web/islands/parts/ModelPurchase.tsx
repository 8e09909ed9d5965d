import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { ProductFacts } from "../../../shared/basket";
import type { ModelUploadAnswer, PriceAnswer, PriceRequest } from "../../../shared/instant-prices";
import { formatPence, penceToPounds } from "../../../shared/money";
import { askPrice, INCH_SCALE, MODEL_MAX_COPIES, type OfferedMaterial, sizeText } from "../../lib/model-price";
import { inBasket, sendUpload, sentPercent, UNREACHABLE } from "../../lib/upload-request";
import { useAddToBasket } from "../../lib/use-add-to-basket";
import { useBasket } from "../../lib/use-basket";
import { useHydrated } from "../../lib/use-hydrated";
import type { PriceState } from "./ModelPrice";
import { type FrameStatus, UploadFrame } from "./UploadFrame";

// Reading and drawing the model (the mesh reader, then three.js) load once a model is in hand.
// The choices and the price load with the first model: a product page without one never needs them.
const ModelChoices = lazy(() => import("./ModelChoices").then((module) => ({ default: module.ModelChoices })));
const ModelPrice = lazy(() => import("./ModelPrice").then((module) => ({ default: module.ModelPrice })));
const ModelPreview = lazy(() => import("./ModelPreview").then((module) => ({ default: module.ModelPreview })));
const AddedPanel = lazy(() => import("./AddedPanel").then((module) => ({ default: module.AddedPanel })));
// Asking for a price by hand (its form and captcha) loads only for a model that needs it.
const AskForPrice = lazy(() => import("./AskForPrice").then((module) => ({ default: module.AskForPrice })));

type Uploaded = { answer: ModelUploadAnswer; file: File };

/**
 * "Print your own model" (a `requiresModel` product; docs/decisions/0043-pricing-page-and-model-purchase.md):
 * the shopper drops an STL, OBJ or 3MF file, sees it turning with its size, picks material, colour and copies,
 * and gets the shop's price (worked out on the server, never here) or the way to ask for one. An instant price
 * goes into the basket as one line of that many copies, with the file and the choices it was priced for.
 */
export function ModelPurchase({
  facts,
  productName,
  materials,
}: {
  facts: ProductFacts;
  productName: string;
  materials: OfferedMaterial[];
}) {
  const hydrated = useHydrated();
  const items = useBasket();
  const [upload, setUpload] = useState<FrameStatus>({ status: "idle" });
  const [model, setModel] = useState<Uploaded | null>(null);
  const [scale, setScale] = useState(1);
  const [materialId, setMaterialId] = useState(materials[0]?.id ?? "");
  const material = materials.find((candidate) => candidate.id === materialId) ?? null;
  const [colour, setColour] = useState(materials[0]?.colours[0] ?? "");
  const [copies, setCopies] = useState(1);
  const [price, setPrice] = useState<PriceState>({ status: "idle" });
  const { added, refused, panel, put, closePanel } = useAddToBasket(facts);
  const input = useRef<HTMLInputElement>(null);
  const request = useRef<XMLHttpRequest | null>(null);
  const asked = useRef(0);
  useEffect(() => () => request.current?.abort(), []);

  const token = model?.answer.token ?? null;
  const inTheBasket = token !== null && items.some((item) => item.meta.modelToken === token);
  const priceRequest: PriceRequest | null =
    token && material && colour ? { token, material: material.id, colour, quantity: copies, scale } : null;
  const requestKey = priceRequest ? JSON.stringify(priceRequest) : "";

  // Every change of model or choice asks the shop again; only the newest answer is shown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the request
  useEffect(() => {
    if (!priceRequest || inTheBasket) return;
    const mine = ++asked.current;
    setPrice((current) => ({ status: "loading", last: current.status === "ready" ? current.answer : null }));
    void askPrice(priceRequest).then((result) => {
      if (mine !== asked.current) return;
      setPrice("answer" in result ? { status: "ready", answer: result.answer } : { status: "error", message: result.error });
    });
  }, [requestKey]);

  async function send(file: File) {
    // An upload a basket line already carries is never replaced: the line still needs it.
    const replaces = token && !inBasket(token) ? token : null;
    setModel(null);
    setPrice({ status: "idle" });
    setScale(1);
    setUpload({ status: "working", text: `Uploading ${file.name}…`, percent: 0 });
    const body = new FormData();
    body.append("model", file);
    body.append("productId", facts.id);
    if (replaces) body.append("replaces", replaces);
    const xhr = new XMLHttpRequest();
    request.current = xhr;
    try {
      const { status, answer } = await sendUpload<ModelUploadAnswer>(
        "model",
        body,
        (fraction) => {
          const percent = sentPercent(fraction);
          setUpload({ status: "working", text: percent === null ? "Measuring your model…" : `Uploading ${file.name}…`, percent });
        },
        xhr,
      );
      if (status < 200 || status >= 300 || !answer.token) {
        if (input.current) input.current.value = "";
        setUpload({ status: "error", reason: answer.error ?? null });
        return;
      }
      setModel({ answer, file });
      setUpload({
        status: "done",
        line: (
          <>
            Uploaded <strong className="upload__name">{answer.filename}</strong>
          </>
        ),
      });
    } catch (error) {
      if (error instanceof Error && error.message === "aborted") return;
      setUpload({ status: "error", reason: UNREACHABLE });
    } finally {
      if (request.current === xhr) request.current = null;
    }
  }

  const answer: PriceAnswer | null = price.status === "ready" ? price.answer : null;
  const instant = answer?.status === "instant" && answer.amount_pence !== null ? answer.amount_pence : null;

  function add() {
    if (!model || !material || instant === null || inTheBasket) return;
    put(
      {
        id: facts.id,
        name: productName,
        price: penceToPounds(instant / copies),
        noStack: false,
        meta: {
          modelToken: model.answer.token,
          modelName: model.answer.filename,
          material: material.id,
          materialName: material.name,
          colour,
          ...(scale === 1 ? {} : { scale }),
        },
      },
      {
        name: productName,
        detail: `${model.answer.filename} · ${material.name}, ${colour} · ${copies === 1 ? "1 copy" : `${copies} copies`}`,
        pricePence: instant,
      },
      copies,
    );
  }

  const bbox = model?.answer.bbox_mm;
  return (
    <div className="model-purchase">
      <UploadFrame
        kind="model"
        inputId={`upload-model-${facts.id}`}
        input={input}
        state={upload}
        chosen={model !== null}
        busy={upload.status === "working"}
        onFile={(file) => void send(file)}
      >
        {model && bbox && (
          <div className="model-purchase__model">
            <Suspense fallback={<div className="model-viewer__frame" />}>
              <ModelPreview file={model.file} size={bbox} />
            </Suspense>
            <p className="model-purchase__size" data-testid="model-size">
              {`Size: ${sizeText(bbox, scale)}`}
            </p>
            {model.answer.units_suspect && (
              <div className="model-purchase__inches" role="note">
                {scale === 1 ? (
                  <>
                    <p>{`This model is very small. If it was drawn in inches, it would print at ${sizeText(bbox, INCH_SCALE)}.`}</p>
                    <button type="button" className="button button--secondary" disabled={inTheBasket} onClick={() => setScale(INCH_SCALE)}>
                      Print it ×25.4 (drawn in inches)
                    </button>
                  </>
                ) : (
                  <>
                    <p>Printed ×25.4: the model was drawn in inches.</p>
                    <button type="button" className="button button--ghost" disabled={inTheBasket} onClick={() => setScale(1)}>
                      Print it as drawn
                    </button>
                  </>
                )}
              </div>
            )}
          </div>
        )}
      </UploadFrame>

      {model && materials.length === 0 && (
        <p className="hint">This shop is not taking models to print just now. Please send a custom request.</p>
      )}
      {model && material && (
        <Suspense fallback={null}>
          <ModelChoices
            idBase={`model-${facts.id}`}
            materials={materials}
            material={material}
            colour={colour}
            copies={copies}
            maxCopies={MODEL_MAX_COPIES}
            locked={inTheBasket}
            onMaterial={(next) => {
              setMaterialId(next.id);
              if (!next.colours.includes(colour)) setColour(next.colours[0] ?? "");
            }}
            onColour={setColour}
            onCopies={setCopies}
          />
          {!inTheBasket && <ModelPrice state={price} materialName={material.name} />}
          {answer?.status === "review" && priceRequest && (
            <Suspense fallback={null}>
              <AskForPrice request={priceRequest} idBase={`model-${facts.id}`} />
            </Suspense>
          )}
        </Suspense>
      )}

      {(instant !== null || inTheBasket) && (
        <div className="purchase__actions">
          <button type="button" className="button button--primary" disabled={!hydrated || inTheBasket || refused} onClick={add}>
            {refused ? "Limit reached" : instant !== null && !inTheBasket ? `Add to basket · ${formatPence(instant)}` : "Add to basket"}
          </button>
          {added && (
            <span className="chip chip--success" role="status">
              Added to basket
            </span>
          )}
        </div>
      )}
      {inTheBasket && !added && (
        <p className="hint purchase__upload-first">
          This model is in your basket. To order it in another material, colour or number of copies, remove it from your basket first, or
          upload the file again.
        </p>
      )}
      {!model && <p className="hint purchase__upload-first">Upload your model to see its price.</p>}
      {panel && (
        <Suspense fallback={null}>
          <AddedPanel line={panel} onClose={closePanel} />
        </Suspense>
      )}
    </div>
  );
}
