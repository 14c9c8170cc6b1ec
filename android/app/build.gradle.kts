// The Android app. Framework only (no AndroidX/Compose). Before building, the Rust core must be built for the
// device ABIs and the Kotlin bindings generated: `make android` at the repository root does both (needs the
// Android NDK and cargo-ndk); the `rustCore` task below runs it as part of every build.
import org.jetbrains.kotlin.gradle.dsl.JvmTarget

plugins {
    id("com.android.application")
    id("org.jetbrains.kotlin.android")
}

val repoRoot: File = rootDir.parentFile
val generatedBindings = layout.buildDirectory.dir("generated/uniffi/kotlin")

android {
    namespace = "app.giveaway"
    compileSdk = 36

    defaultConfig {
        applicationId = "app.giveaway"
        minSdk = 24
        targetSdk = 36
        versionCode = 1
        versionName = "0.1.0"
        ndk {
            abiFilters += listOf("arm64-v8a", "armeabi-v7a", "x86_64")
        }
    }

    buildTypes {
        release {
            isMinifyEnabled = true
            isShrinkResources = true
            proguardFiles(getDefaultProguardFile("proguard-android-optimize.txt"), "proguard-rules.pro")
        }
    }

    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }

    // jniLibs: the default src/main/jniLibs, where `make android` puts the libraries.
    sourceSets["main"].kotlin.srcDir(generatedBindings)
}

kotlin {
    compilerOptions { jvmTarget.set(JvmTarget.JVM_17) }
}

dependencies {
    // uniffi's Kotlin bindings load the core through JNA; on Android JNA comes as the AAR with its .so files.
    implementation("net.java.dev.jna:jna:5.17.0@aar")
    // The bindings' `suspend` functions (uniffi's async calls); the app itself starts no coroutines.
    implementation("org.jetbrains.kotlinx:kotlinx-coroutines-core:1.10.2")
}

/** Builds the core for the three ABIs into src/main/jniLibs and generates the bindings (see `make android`). */
val rustCore by tasks.registering(Exec::class) {
    workingDir = repoRoot
    commandLine("make", "android", "ANDROID_BINDINGS_DIR=${generatedBindings.get().asFile}")
    // The library is the FFI crate over the app layer and the core: a change in any of them rebuilds it.
    for (crate in listOf("core", "app", "ffi")) inputs.dir(File(repoRoot, "$crate/src"))
    inputs.file(File(repoRoot, "uniffi.toml"))
    outputs.dir(generatedBindings)
    outputs.dir(file("src/main/jniLibs"))
}

tasks.named("preBuild") { dependsOn(rustCore) }
