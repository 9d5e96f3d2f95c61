# Installation and the Debian package (CPack):  ./tracklab.sh package  ->  build/release/package/tracklab_*.deb
# Installed: /usr/bin/tracklab, /usr/bin/tracklab-cli, /usr/share/tracklab/{layouts,rolling-stock},
# /usr/share/doc/tracklab (guide and formats), a .desktop entry with its icon and the layout MIME type.
# The programs find their data beside them (bin/../share/tracklab), see physics/RollingStock.cpp.
include(GNUInstallDirs)
# `install` must not first build every test and benchmark
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON)

install(TARGETS tracklab tracklab-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/resources/layouts DESTINATION ${CMAKE_INSTALL_DATADIR}/tracklab
        FILES_MATCHING PATTERN "*.json")
install(DIRECTORY ${PROJECT_SOURCE_DIR}/resources/rolling-stock DESTINATION ${CMAKE_INSTALL_DATADIR}/tracklab)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/resources/rules DESTINATION ${CMAKE_INSTALL_DATADIR}/tracklab)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/tracklab)
install(FILES ${PROJECT_SOURCE_DIR}/resources/desktop/tracklab.desktop
        DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${PROJECT_SOURCE_DIR}/resources/icons/tracklab.svg
        DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
install(FILES ${PROJECT_SOURCE_DIR}/resources/desktop/tracklab-mime.xml
        DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages RENAME tracklab.xml)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME tracklab)
set(CPACK_PACKAGE_VENDOR "TrackLab")
set(CPACK_PACKAGE_CONTACT "TrackLab developers <tracklab@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Track layout editor and train derailment simulator")
set(CPACK_PACKAGE_DESCRIPTION
    "Design railway or roller-coaster layouts in a 3D view, drive trains over them and see when, where and why a train derails. Includes tracklab (GUI) and tracklab-cli (headless runs, sweeps, validation).")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_OUTPUT_FILE_PREFIX package)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "https://localhost/tracklab")
# shared libraries from dpkg-shlibdeps (dpkg-dev); plus what is loaded at run time, not linked
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libgl1-mesa-dri, fonts-dejavu-core")
set(CPACK_DEBIAN_COMPRESSION_TYPE gzip)
set(CPACK_STRIP_FILES ON)
include(CPack)
