import Alert from "@cloudscape-design/components/alert";
import Box from "@cloudscape-design/components/box";
import Button from "@cloudscape-design/components/button";
import Container from "@cloudscape-design/components/container";
import ContentLayout from "@cloudscape-design/components/content-layout";
import Form from "@cloudscape-design/components/form";
import FormField from "@cloudscape-design/components/form-field";
import Header from "@cloudscape-design/components/header";
import Input from "@cloudscape-design/components/input";
import SpaceBetween from "@cloudscape-design/components/space-between";
import { useMutation } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { BAG_NOT_FOUND } from "@regrip/core/shared/bags";
import { errorStatus, serverMessage } from "../../../lib/api-error";
import { usePageMeta } from "../../../lib/page-meta";
import { bagByKey } from "../console-api";
import { bagKeyFrom } from "../../../lib/bag-links";
import { staffOrderPath } from "../orders/staff-order-path";

/** The browser's barcode reader where it has one (Chromium on Android, ChromeOS, macOS); typed codes elsewhere. */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorConstructor = new (options: { formats: string[] }) => BarcodeDetectorLike;

function barcodeDetector(): BarcodeDetectorConstructor | undefined {
  return (window as unknown as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
}

/** Reads QR codes from the camera until one is found or `active` turns false. */
function useCameraScan(active: boolean, onCode: (text: string) => void, onError: (message: string) => void) {
  const videoRef = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const Detector = barcodeDetector();
    if (!active || !Detector) return;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const detector = new Detector({ formats: ["qr_code"] });
    const tick = async () => {
      if (stopped) return;
      const video = videoRef.current;
      if (video && video.readyState >= 2) {
        const [code] = await detector.detect(video).catch(() => []);
        if (code?.rawValue && !stopped) return onCode(code.rawValue);
      }
      timer = setTimeout(tick, 250);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: "environment" } })
      .then((media) => {
        stream = media;
        if (stopped) return media.getTracks().forEach((track) => track.stop());
        if (videoRef.current) {
          videoRef.current.srcObject = media;
          void videoRef.current.play();
        }
        void tick();
      })
      .catch(() => onError("The camera could not be opened. Type the bag's code instead."));
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [active, onCode, onError]);
  return videoRef;
}

/** Scan a bag's label (or type its code) to open the order in the bag now. */
export default function ScanPage() {
  usePageMeta("Scan a Bag", "Open the order in a bag from its QR label or code.");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [typed, setTyped] = useState("");
  const [typedError, setTypedError] = useState<string>();
  const [camera, setCamera] = useState(false);
  const [cameraError, setCameraError] = useState<string>();
  const [empty, setEmpty] = useState<string>();
  const hasDetector = !!barcodeDetector() && !!navigator.mediaDevices?.getUserMedia;

  const lookup = useMutation({
    mutationFn: (key: string) => bagByKey(key),
    onSuccess: ({ bag, order }) => {
      if (order) navigate(staffOrderPath(order.id), { replace: !!params.get("bag") });
      else setEmpty(`Bag ${bag.code3} holds no open order.`);
    },
  });
  const open = useCallback(
    (text: string) => {
      const key = bagKeyFrom(text);
      setEmpty(undefined);
      setCamera(false);
      if (key) lookup.mutate(key);
    },
    [lookup.mutate],
  );
  const onCameraError = useCallback((message: string) => {
    setCamera(false);
    setCameraError(message);
  }, []);
  const videoRef = useCameraScan(camera, open, onCameraError);

  // Opened from a label's QR by a phone's own camera app: /scan?bag=<slug>.
  const fromUrl = params.get("bag");
  useEffect(() => {
    if (fromUrl) open(fromUrl);
  }, [fromUrl]); // eslint-disable-line react-hooks/exhaustive-deps

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!bagKeyFrom(typed)) {
      setTypedError("Enter a bag code or scan a label");
      return;
    }
    setTypedError(undefined);
    open(typed);
  }

  const failure = lookup.isError ? (errorStatus(lookup.error) === 404 ? (serverMessage(lookup.error) ?? BAG_NOT_FOUND) : (serverMessage(lookup.error) ?? "The bag could not be looked up. Please try again.")) : undefined;
  return (
    <ContentLayout header={<Header variant="h1" description="Scan a bag's QR label, or type the code printed on it.">Scan a Bag</Header>}>
      <SpaceBetween size="l">
        {failure && <Alert type="error" header={failure} />}
        {empty && <Alert type="info" header={empty} />}
        <Container header={<Header variant="h2">Type a code</Header>}>
          <form onSubmit={submit} aria-label="Open a bag by code" noValidate>
            <Form
              actions={
                <Button variant="primary" loading={lookup.isPending} formAction="submit">
                  Open Order
                </Button>
              }
            >
              <FormField label="Bag code" description="The 3 characters printed on the bag's label." errorText={typedError}>
                <Input value={typed} onChange={({ detail }) => setTyped(detail.value)} autoComplete="off" placeholder="101" />
              </FormField>
            </Form>
          </form>
        </Container>
        <Container header={<Header variant="h2">Camera</Header>}>
          {hasDetector ? (
            <SpaceBetween size="s">
              <Button onClick={() => (setCameraError(undefined), setCamera((on) => !on))}>{camera ? "Stop Camera" : "Start Camera"}</Button>
              {cameraError && <Alert type="warning">{cameraError}</Alert>}
              {camera && <video ref={videoRef} muted playsInline aria-label="Camera view" style={{ width: "100%", maxWidth: 480, borderRadius: 8 }} />}
            </SpaceBetween>
          ) : (
            <Box>This browser cannot read QR codes itself. Type the bag's code above, or scan the label with the phone's camera app: it opens this page with the bag.</Box>
          )}
        </Container>
      </SpaceBetween>
    </ContentLayout>
  );
}
