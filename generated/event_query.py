# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class EventQuery(KaitaiStruct):
    def __init__(self, _io, _parent=None, _root=None):
        super(EventQuery, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        pass


    def _fetch_instances(self):
        pass

    class AppendBlockEvent(KaitaiStruct):
        def __init__(self, post_header_len, _io, _parent=None, _root=None):
            super(EventQuery.AppendBlockEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.post_header_len = post_header_len
            self._read()

        def _read(self):
            self.raw = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass


    class BeginLoadQueryEvent(KaitaiStruct):
        def __init__(self, post_header_len, _io, _parent=None, _root=None):
            super(EventQuery.BeginLoadQueryEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.post_header_len = post_header_len
            self._read()

        def _read(self):
            self.raw = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass


    class CreateFileEvent(KaitaiStruct):
        def __init__(self, post_header_len, _io, _parent=None, _root=None):
            super(EventQuery.CreateFileEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.post_header_len = post_header_len
            self._read()

        def _read(self):
            self.raw = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass


    class DeleteFileEvent(KaitaiStruct):
        def __init__(self, post_header_len, _io, _parent=None, _root=None):
            super(EventQuery.DeleteFileEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.post_header_len = post_header_len
            self._read()

        def _read(self):
            self.raw = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass


    class ExecLoadEvent(KaitaiStruct):
        def __init__(self, post_header_len, _io, _parent=None, _root=None):
            super(EventQuery.ExecLoadEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.post_header_len = post_header_len
            self._read()

        def _read(self):
            self.raw = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass


    class ExecuteLoadQueryEvent(KaitaiStruct):
        def __init__(self, post_header_len, _io, _parent=None, _root=None):
            super(EventQuery.ExecuteLoadQueryEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.post_header_len = post_header_len
            self._read()

        def _read(self):
            self.raw = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass


    class LoadEvent(KaitaiStruct):
        def __init__(self, post_header_len, _io, _parent=None, _root=None):
            super(EventQuery.LoadEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.post_header_len = post_header_len
            self._read()

        def _read(self):
            self.raw = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass


    class QueryEvent(KaitaiStruct):
        def __init__(self, post_header_len, _io, _parent=None, _root=None):
            super(EventQuery.QueryEvent, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.post_header_len = post_header_len
            self._read()

        def _read(self):
            self.raw = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass



