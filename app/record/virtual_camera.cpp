#include "app/record/virtual_camera.hpp"

#include <fcntl.h>
#include <linux/videodev2.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <stdexcept>

#include "app/io/pending_output.hpp"
#include "app/record/yuyv.hpp"
#include "gpu/core/error.hpp"
#include "gpu/core/message_text.hpp"

namespace kc {

namespace {

constexpr char kFilePrefix[] = "file:";
constexpr char kLoopbackDriver[] = "v4l2 loopback";  // VIDIOC_QUERYCAP's driver field for v4l2loopback
constexpr char kLoadModule[] = "load the module: sudo modprobe v4l2loopback exclusive_caps=1";

std::string prefixed(const std::string& path, const std::string& problem) {
  return "--vcam " + quotedText(path, 120) + ": " + problem;
}
io::OutputError refused(const std::string& message) { return io::OutputError(io::OutputError::Kind::Usage, message); }
io::OutputError failed(const std::string& message) {
  return io::OutputError(io::OutputError::Kind::WriteFailed, message);
}

std::string busy(const std::string& path) {
  return prefixed(path,
                  "busy: another program is already sending to it (close it, or load v4l2loopback with "
                  "devices=2 and use the other one)");
}

int ioctlRetrying(int fd, unsigned long request, void* argument) {
  int result;
  do result = ::ioctl(fd, request, argument);
  while (result == -1 && errno == EINTR);
  return result;
}

}  // namespace

std::string vcamFilePath(const std::string& target) {
  return target.rfind(kFilePrefix, 0) == 0 ? target.substr(std::strlen(kFilePrefix)) : std::string();
}

std::string vcamOpenProblem(const std::string& path, int error) {
  switch (error) {
    case ENOENT:
    case ENODEV:
    case ENXIO:
      return prefixed(path, std::string("no such device: ") + kLoadModule);
    case EBUSY:
      return busy(path);
    case EACCES:
    case EPERM:
      return prefixed(path,
                      "no permission: add yourself to the 'video' group (sudo usermod -aG video $USER, "
                      "then log in again)");
    default:
      return prefixed(path, std::string("cannot open: ") + std::strerror(error));
  }
}

std::string vcamCapabilityProblem(const std::string& path, const std::string& driver, const std::string& card,
                                  std::uint32_t deviceCaps) {
  if (deviceCaps & V4L2_CAP_VIDEO_OUTPUT) return {};
  // With exclusive_caps=1 a loopback device stops offering output once a program sends to it.
  if (driver == kLoopbackDriver) return busy(path);
  return prefixed(path, "not a virtual camera: '" + card + "' (driver " + driver + ") takes no video output; " +
                            kLoadModule +
                            " and use the device it adds "
                            "(v4l2-ctl --list-devices)");
}

std::unique_ptr<VirtualCamera> VirtualCamera::open(const std::string& target, double framesPerSecond) {
  if (target.rfind(kFilePrefix, 0) == 0) {
    const std::string path = target.substr(std::strlen(kFilePrefix));
    if (path.empty()) throw refused("--vcam file: needs a path (file:frames.yuyv)");
    auto file = std::make_unique<io::PendingOutput>(io::OutputFile{"--vcam", path});
    // The temporary PendingOutput created (O_EXCL, unpredictable name); closed here, committed there.
    const int fd = ::fcntl(file->fd(), F_DUPFD_CLOEXEC, 0);
    if (fd < 0) throw refused(prefixed(path, std::string("cannot write (") + std::strerror(errno) + ")"));
    return std::unique_ptr<VirtualCamera>(new VirtualCamera(fd, false, path, framesPerSecond, std::move(file)));
  }
  struct stat info {};
  if (::stat(target.c_str(), &info) != 0) throw refused(vcamOpenProblem(target, errno));
  if (S_ISDIR(info.st_mode)) throw refused(prefixed(target, "not a V4L2 device (a folder)"));
  if (!S_ISCHR(info.st_mode))
    throw refused(
        prefixed(target, "not a V4L2 device (a regular file; file:" + target + " writes raw YUYV frames to a file)"));
  const int fd = ::open(target.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) throw refused(vcamOpenProblem(target, errno));
  v4l2_capability capability{};
  if (ioctlRetrying(fd, VIDIOC_QUERYCAP, &capability) != 0) {
    ::close(fd);
    throw refused(prefixed(target, "not a V4L2 device"));
  }
  const std::uint32_t caps =
      (capability.capabilities & V4L2_CAP_DEVICE_CAPS) ? capability.device_caps : capability.capabilities;
  const std::string problem = vcamCapabilityProblem(target, reinterpret_cast<const char*>(capability.driver),
                                                    reinterpret_cast<const char*>(capability.card), caps);
  if (!problem.empty()) {
    ::close(fd);
    throw refused(problem);
  }
  return std::unique_ptr<VirtualCamera>(new VirtualCamera(fd, true, target, framesPerSecond, nullptr));
}

VirtualCamera::VirtualCamera(int fd, bool device, std::string name, double framesPerSecond,
                             std::unique_ptr<io::PendingOutput> file)
    : fd_(fd),
      device_(device),
      name_(std::move(name)),
      fps_(framesPerSecond > 0 ? framesPerSecond : 30.0),
      file_(std::move(file)) {}

VirtualCamera::~VirtualCamera() { closeDevice(); }  // an unfinished file: its temporary goes with file_

void VirtualCamera::closeDevice() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

void VirtualCamera::setFormat(int width, int height) {
  if (!device_) return;  // a file takes any size
  v4l2_format format{};
  format.type = V4L2_BUF_TYPE_VIDEO_OUTPUT;
  format.fmt.pix.width = static_cast<std::uint32_t>(yuyvWidth(width));
  format.fmt.pix.height = static_cast<std::uint32_t>(height);
  format.fmt.pix.pixelformat = V4L2_PIX_FMT_YUYV;
  format.fmt.pix.field = V4L2_FIELD_NONE;
  format.fmt.pix.bytesperline = format.fmt.pix.width * 2;
  format.fmt.pix.sizeimage = static_cast<std::uint32_t>(yuyvFrameBytes(width, height));
  format.fmt.pix.colorspace = V4L2_COLORSPACE_SMPTE170M;  // BT.601
  format.fmt.pix.ycbcr_enc = V4L2_YCBCR_ENC_601;
  format.fmt.pix.quantization = V4L2_QUANTIZATION_LIM_RANGE;
  if (ioctlRetrying(fd_, VIDIOC_S_FMT, &format) != 0) {
    if (errno == EBUSY) throw refused(busy(name_));
    throw refused(prefixed(name_, "cannot send YUYV " + std::to_string(yuyvWidth(width)) + "x" +
                                      std::to_string(height) + " (" + std::strerror(errno) + ")"));
  }
  if (format.fmt.pix.pixelformat != V4L2_PIX_FMT_YUYV || static_cast<int>(format.fmt.pix.width) != yuyvWidth(width) ||
      static_cast<int>(format.fmt.pix.height) != height)
    throw refused(prefixed(
        name_, "the device does not take YUYV " + std::to_string(yuyvWidth(width)) + "x" + std::to_string(height)));
  // The frame rate apps show; a device that ignores it still works.
  v4l2_streamparm parameters{};
  parameters.type = V4L2_BUF_TYPE_VIDEO_OUTPUT;
  parameters.parm.output.timeperframe = {1000, static_cast<std::uint32_t>(std::lround(fps_ * 1000))};
  (void)ioctlRetrying(fd_, VIDIOC_S_PARM, &parameters);
}

void VirtualCamera::write(const cv::Mat& frame) {
  KC_REQUIRE(fd_ >= 0, "VirtualCamera::write after finish()");
  if (size_.empty()) {
    setFormat(frame.cols, frame.rows);
    size_ = frame.size();
  }
  toYuyv(fitInto(frame, size_), yuyv_);
  std::size_t done = 0;
  while (done < yuyv_.size()) {
    const ssize_t n = ::write(fd_, yuyv_.data() + done, yuyv_.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0)
      throw failed(
          prefixed(name_, std::string("write failed (") + (n < 0 ? std::strerror(errno) : "nothing taken") + ")"));
    done += static_cast<std::size_t>(n);
  }
}

void VirtualCamera::finish() {
  if (fd_ < 0) return;
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0 && !device_)
    throw failed(prefixed(name_, std::string("cannot write (") + std::strerror(errno) + ")"));
  if (file_) file_->commit();
}

std::string VirtualCamera::frameSize() const {
  if (size_.empty()) return {};
  return std::to_string(yuyvWidth(size_.width)) + "x" + std::to_string(size_.height);
}

}  // namespace kc
