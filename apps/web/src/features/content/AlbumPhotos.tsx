import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined } from '@ant-design/icons';
import { App, Drawer, List, Progress } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowAction } from '../../shared/ui/RowAction';
import { QueryState } from '../../shared/ui/ScreenStates';
import { tooLarge, uploadImage, useAddPhoto, useAlbum, useRemovePhoto, useReorderPhotos } from './api';
import { uploadErrorText } from './errors';
import { moveItem } from './order';
import { FilePickButton } from './parts';

interface Upload {
  name: string;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  error?: string;
}

/** An album's photos: add several at once (each checked by the server, with progress), reorder, remove. */
export function AlbumPhotos({
  albumId,
  onClose,
  canUpdate,
}: {
  albumId: string | null;
  onClose: () => void;
  canUpdate: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const album = useAlbum(albumId);
  const add = useAddPhoto();
  const remove = useRemovePhoto();
  const reorder = useReorderPhotos();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const busy = uploads.some((u) => u.state === 'waiting' || u.state === 'uploading');

  const uploadAll = async (files: File[]) => {
    if (!albumId) return;
    const queue: Upload[] = files.map((f) => ({ name: f.name, state: 'waiting' }));
    setUploads(queue);
    const set = (i: number, u: Partial<Upload>) =>
      setUploads((all) => all.map((x, j) => (j === i ? { ...x, ...u } : x)));
    // One at a time: a gym's uplink is shared with the desk, and each file is up to 10 MB.
    for (const [i, file] of files.entries()) {
      if (tooLarge(file)) {
        set(i, { state: 'failed', error: t('content:errors.file_too_large') });
        continue;
      }
      set(i, { state: 'uploading' });
      try {
        const image = await uploadImage(file);
        await add.mutateAsync({ albumId, imageId: image.id });
        set(i, { state: 'done' });
      } catch (error) {
        set(i, { state: 'failed', error: uploadErrorText(t, error) });
      }
    }
  };
  const done = uploads.filter((u) => u.state === 'done' || u.state === 'failed').length;

  return (
    <Drawer
      open={Boolean(albumId)}
      onClose={onClose}
      size="large"
      title={album.data?.title ?? t('content:albums.photos')}
      destroyOnHidden
      data-testid="album-drawer"
    >
      {canUpdate && (
        <div className="content-uploads">
          <FilePickButton
            label={t('content:albums.addPhotos')}
            multiple
            loading={busy}
            onFiles={(files) => void uploadAll(files)}
            testId="album-upload"
          />
          <span className="content-hint">{t('content:image.hint')}</span>
          {uploads.length > 0 && (
            <div aria-live="polite" data-testid="album-upload-progress">
              <Progress
                percent={Math.round((done / uploads.length) * 100)}
                status={uploads.some((u) => u.state === 'failed') ? 'exception' : undefined}
              />
              <div className="content-hint">{t('content:albums.progress', { done, count: uploads.length })}</div>
              <List
                size="small"
                dataSource={uploads.filter((u) => u.state === 'failed')}
                renderItem={(u) => (
                  <List.Item>
                    <span className="content-upload-failed">{`${u.name}: ${u.error}`}</span>
                  </List.Item>
                )}
              />
            </div>
          )}
        </div>
      )}
      <QueryState query={album} isEmpty={(d) => d.photos.length === 0} emptyText={t('content:albums.noPhotos')}>
        {(detail) => (
          <ul className="content-photos" data-testid="album-photos">
            {detail.photos.map((p, i) => (
              <li key={p.id} className="content-photo">
                <a href={p.image.url} target="_blank" rel="noreferrer">
                  <img src={p.image.thumbUrl} alt={p.caption ?? p.fileName} loading="lazy" />
                </a>
                {canUpdate && (
                  <div className="row-actions">
                    <RowAction
                      icon={<ArrowLeftOutlined />}
                      label={t('content:moveUp')}
                      ariaLabel={t('content:moveUpAria', { name: p.fileName })}
                      onClick={() =>
                        i > 0 &&
                        reorder.mutate(
                          {
                            albumId: detail.id,
                            ids: moveItem(
                              detail.photos.map((x) => x.id),
                              i,
                              i - 1,
                            ),
                          },
                          { onError: () => void message.error(t('content:slides.reorderFailed')) },
                        )
                      }
                    />
                    <RowAction
                      icon={<ArrowRightOutlined />}
                      label={t('content:moveDown')}
                      ariaLabel={t('content:moveDownAria', { name: p.fileName })}
                      onClick={() =>
                        i < detail.photos.length - 1 &&
                        reorder.mutate(
                          {
                            albumId: detail.id,
                            ids: moveItem(
                              detail.photos.map((x) => x.id),
                              i,
                              i + 1,
                            ),
                          },
                          { onError: () => void message.error(t('content:slides.reorderFailed')) },
                        )
                      }
                    />
                    <RowAction
                      icon={<DeleteOutlined />}
                      danger
                      label={t('content:delete')}
                      ariaLabel={t('content:deleteAria', { name: p.fileName })}
                      data-testid="photo-delete"
                      onClick={() =>
                        remove.mutate(
                          { albumId: detail.id, photoId: p.id },
                          {
                            onSuccess: () => void message.success(t('content:deleted')),
                            onError: () => void message.error(t('content:deleteFailed')),
                          },
                        )
                      }
                    />
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Drawer>
  );
}
