import { CameraOutlined, DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Avatar, Button, Modal, Space } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { drawToJpeg, fileToPhoto } from '../photo';

interface Props {
  value?: string | null;
  onChange?: (value: string | null) => void;
  disabled?: boolean;
  id?: string;
}

type CameraProblem = 'unavailable' | 'denied' | 'none' | 'busy' | 'failed';

function cameraProblemOf(error: unknown): CameraProblem {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'none';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'failed';
}

/** The webcam in a dialog: live picture, then one press takes the photo. The camera is released on close. */
function WebcamDialog({
  open,
  onClose,
  onTaken,
}: {
  open: boolean;
  onClose: () => void;
  onTaken: (photo: string) => void;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!open) return;
    let stream: MediaStream | null = null;
    let cancelled = false;
    setProblem(null);
    setReady(false);
    if (!navigator.mediaDevices?.getUserMedia) {
      // No camera API at all: an old browser, or the page is not served over HTTPS.
      setProblem('unavailable');
      return;
    }
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 960 } }, audio: false })
      .then((s) => {
        if (cancelled) {
          for (const track of s.getTracks()) track.stop();
          return;
        }
        stream = s;
        if (video.current) {
          video.current.srcObject = s;
          void video.current.play().catch(() => undefined);
        }
      })
      .catch((error: unknown) => {
        if (!cancelled) setProblem(cameraProblemOf(error));
      });
    return () => {
      cancelled = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [open]);

  const take = () => {
    const v = video.current;
    if (!v?.videoWidth) return;
    try {
      onTaken(drawToJpeg(v, v.videoWidth, v.videoHeight));
    } catch {
      setProblem('failed');
    }
  };

  return (
    <Modal
      open={open}
      title={t('members:photo.cameraTitle')}
      onCancel={onClose}
      destroyOnHidden
      okText={t('members:photo.take')}
      okButtonProps={{ disabled: !ready || problem !== null, icon: <CameraOutlined />, 'data-testid': 'photo-take' }}
      onOk={take}
      cancelText={t('members:actions.cancel')}
    >
      {problem ? (
        <Alert type="warning" showIcon title={t(`members:photo.problem.${problem}`)} data-testid="camera-problem" />
      ) : (
        <video
          ref={video}
          className="webcam-video"
          playsInline
          muted
          onLoadedData={() => setReady(true)}
          aria-label={t('members:photo.preview')}
        />
      )}
    </Modal>
  );
}

/** A member's photo: uploaded from a file or taken with the webcam, stored downscaled as a JPEG data URL. */
export function PhotoField({ value, onChange, disabled, id }: Props) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  const [camera, setCamera] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    try {
      onChange?.(await fileToPhoto(file));
    } catch (e) {
      setError(e instanceof Error && e.message === 'photo_format' ? 'format' : 'unreadable');
    }
  };

  return (
    <div className="photo-field" id={id}>
      <Avatar
        size={96}
        src={value ?? undefined}
        icon={value ? undefined : <CameraOutlined />}
        alt={value ? t('members:photo.current') : ''}
        data-testid="photo-preview"
      />
      <Space orientation="vertical" size="small">
        <Space wrap size="small">
          <input
            ref={fileInput}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            tabIndex={-1}
            aria-hidden
            onChange={(event) => {
              void pick(event.target.files?.[0]);
              event.target.value = '';
            }}
            data-testid="photo-file"
          />
          <Button icon={<UploadOutlined />} disabled={disabled} onClick={() => fileInput.current?.click()}>
            {t('members:photo.upload')}
          </Button>
          <Button
            icon={<CameraOutlined />}
            disabled={disabled}
            onClick={() => setCamera(true)}
            data-testid="photo-camera"
          >
            {t('members:photo.camera')}
          </Button>
          {value && (
            <Button icon={<DeleteOutlined />} disabled={disabled} onClick={() => onChange?.(null)}>
              {t('members:photo.remove')}
            </Button>
          )}
        </Space>
        <span id={hintId} className="field-hint">
          {error ? (
            <span role="alert" className="field-hint--error">
              {t(`members:photo.error.${error}`)}
            </span>
          ) : (
            t('members:photo.hint')
          )}
        </span>
      </Space>
      <WebcamDialog
        open={camera}
        onClose={() => setCamera(false)}
        onTaken={(photo) => {
          onChange?.(photo);
          setCamera(false);
        }}
      />
    </div>
  );
}
